import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { demoRoom } from "~/models/classes/class-join.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { getViewerState } from "~/server/viewer.server";

/**
 * The demo's video room (ADR 018): it says plainly that it is a demo and shows the class. Only the
 * member its signed link names may open it, and only until the class ends.
 */
export const handle = defineHandle({ name: "demo-room", layout: "main", theme: "dark" });

export const meta: MetaFunction = () => [{ title: "Demo room · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await getViewerState(request, context);
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const room = await demoRoom({ classId: params.classId ?? "", token, viewerUid: state?.viewer.uid ?? null, now: new Date() });
  if (!room) throw notFound();
  return data(room, { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
}

export default function DemoRoomRoute() {
  const room = useLoaderData<typeof loader>();
  return (
    <section className="section demo-room" aria-labelledby="room-title">
      <div className="container container--narrow stack">
        <p className="demo-label">Demo room: there is no video or sound in the demo</p>
        <h1 id="room-title">{room.title}</h1>
        <p>
          You're in{room.asCohost ? " as cohost" : ""}
          {room.teacherName ? `, with ${room.teacherName}` : ""}. In the real site this is where the class's video call opens; here it
          stands in so the whole journey can be tried.
        </p>
        <div className="demo-room__stage" role="img" aria-label="A quiet placeholder where the teacher's video would be">
          <span aria-hidden="true">Breathe in · Breathe out</span>
        </div>
        <p>
          <Link className="button button--secondary" to={room.classPath}>
            Leave the room
          </Link>
        </p>
      </div>
    </section>
  );
}
