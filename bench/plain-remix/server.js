// The reference server: Express, `compression` and Remix's own request handler, as `remix-serve`
// runs a built app, without its per-request log line. PLAIN_COMPRESSION=off leaves compression out.
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";

process.env.NODE_ENV ??= "production";
const build = await import("./build/index.js");
const app = express();
app.disable("x-powered-by");
if (process.env.PLAIN_COMPRESSION !== "off") app.use(compression());
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.get("/healthz", (_req, res) => void res.send("ok"));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
