/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "@remix-run/node" {
  // Single fetch: loader data types are what the loader returns, not JSON-serialised shapes.
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
