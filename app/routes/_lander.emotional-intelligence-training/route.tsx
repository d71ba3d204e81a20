import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "emotional-intelligence-training" });

export { LanderRoute as default } from "~/components/landers/lander-route";
