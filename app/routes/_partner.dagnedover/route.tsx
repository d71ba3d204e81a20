import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "dagnedover" });

export { LanderRoute as default } from "~/components/landers/lander-route";
