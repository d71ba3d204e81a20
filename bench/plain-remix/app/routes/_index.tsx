// About the size and shape of a member's "my classes": a dozen booked classes with a cancel form each,
// from a loader, rendered through the stock Remix stack. No store, no session, no security headers.
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "My classes · reference" }];

const TITLES = [
  "Slow morning breath",
  "Body scan for tired minds",
  "Ten quiet minutes",
  "Walking, noticing",
  "Box breathing",
  "Evening wind-down",
];

export async function loader() {
  const start = Date.UTC(2026, 10, 30, 7);
  const classes = Array.from({ length: 12 }, (_, i) => ({
    id: `reference-class-${i + 1}`,
    title: TITLES[i % TITLES.length],
    teacher: `Teacher ${String.fromCharCode(65 + (i % 6))}`,
    startsAt: new Date(start + i * 5_400_000).toISOString(),
    minutes: i % 2 ? 45 : 30,
  }));
  return { member: { name: "A reference member", credits: 4 }, classes };
}

export default function MyClasses() {
  const { member, classes } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>My classes</h1>
      <p>
        {member.name}, {member.credits} credits left.
      </p>
      <ul>
        {classes.map((item) => (
          <li key={item.id}>
            <article>
              <h2>
                <Link to={`/classes/${item.id}`}>{item.title}</Link>
              </h2>
              <p>with {item.teacher}</p>
              <p>
                <time dateTime={item.startsAt}>{item.startsAt.slice(0, 16).replace("T", " ")}</time> · {item.minutes} min
              </p>
              <form method="post" action={`/classes/${item.id}`}>
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit">Cancel booking</button>
              </form>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
