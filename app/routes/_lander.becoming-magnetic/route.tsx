import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "becoming-magnetic" });

export { LanderRoute as default } from "~/components/landers/lander-route";
