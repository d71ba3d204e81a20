import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "nervous-system-reset" });

export { LanderRoute as default } from "~/components/landers/lander-route";
