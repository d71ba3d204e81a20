import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "flex" });

export { LanderRoute as default } from "~/components/landers/lander-route";
