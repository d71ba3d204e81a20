import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "mental-detox" });

export { LanderRoute as default } from "~/components/landers/lander-route";
