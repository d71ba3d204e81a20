import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "heart-and-heartbreak" });

export { LanderRoute as default } from "~/components/landers/lander-route";
