// The site's own future flags (single fetch among them), read from its config, so the reference renders
// the way the site does and follows it when a flag changes.
import site from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: site.serverModuleFormat,
  future: site.future,
};
