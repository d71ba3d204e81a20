/** The Firebase web config the browser needs; public by design (the API key names the project). */
export interface PublicIdentityConfig {
  mode: "emulator" | "firebase";
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** host:port of the Auth emulator, in the demo and tests only. */
  emulatorHost?: string;
}
