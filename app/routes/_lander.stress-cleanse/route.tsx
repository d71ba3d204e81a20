import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "stress-cleanse" });

export { LanderRoute as default } from "~/components/landers/lander-route";
