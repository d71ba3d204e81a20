import { defineHandle } from "~/lib/route-handle";

export const handle = defineHandle({ name: "beats", headerVariant: "logo-only", logoOnScroll: false });

export { LanderRoute as default } from "~/components/landers/lander-route";
