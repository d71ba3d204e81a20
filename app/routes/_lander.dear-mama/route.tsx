import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "dear-mama" });

export { LanderRoute as default } from "~/components/landers/lander-route";
