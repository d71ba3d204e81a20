import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "canopy" });

export { LanderRoute as default } from "~/components/landers/lander-route";
