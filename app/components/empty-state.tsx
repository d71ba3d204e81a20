import type { ReactNode } from "react";

export function EmptyState({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
        <circle cx="24" cy="24" r="8" fill="currentColor" fillOpacity="0.25" />
      </svg>
      <h2>{title}</h2>
      <p>{message}</p>
      {action}
    </div>
  );
}
