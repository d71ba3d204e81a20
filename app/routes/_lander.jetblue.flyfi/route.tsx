import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "jetblue-flyfi", menuOnly: "scrolled" });

export { LanderRoute as default } from "~/components/landers/lander-route";
