/** The Firebase web config the browser needs; public by design (the API key names the project). */
export interface PublicIdentityConfig {
  mode: "emulator" | "firebase";
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** host:port of the Auth emulator, in the demo and tests only. */
  emulatorHost?: string;
  /**
   * A member's page only: the server's session may still be handed to the browser's sign-in
   * (`/api/session/token` answers within five minutes of signing in, and refuses after).
   */
  handOver?: boolean;
}

/** The Firebase web app's public settings, as the browser's SDK takes them. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/**
 * How a page listens to its member's record: the server's event stream (the embedded mode, or any
 * deployment without Firebase in the browser), or Firestore directly with the web SDK.
 */
export interface LiveUserOptions {
  uid: string;
  transport: "sse" | "firestore";
  /** Required for the Firestore transport. */
  firebase?: FirebaseWebConfig;
}
