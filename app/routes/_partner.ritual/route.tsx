import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "ritual" });

export { LanderRoute as default } from "~/components/landers/lander-route";
