/**
 * Imported first by integration tests that drive routes against an in-memory store: the settings
 * every such test needs, set before any app module reads its environment (the test imports app
 * modules dynamically after this).
 */
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PUBLIC_SITE_URL = "http://localhost:3000";
process.env.LOG_REQUESTS = "false";
