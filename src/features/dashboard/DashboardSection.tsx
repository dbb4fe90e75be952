import { useId, type ReactNode } from 'react';
import * as s from './dashboard.css.ts';

/** A section of the dashboard: its title (which names it) with a link beside it, then its content. */
export function DashboardSection({ title, link, testId, children }: { title: ReactNode; link: ReactNode; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={s.section} aria-labelledby={headingId} data-testid={testId}>
      <div className={s.sectionHead}>
        <h2 id={headingId} className={s.sectionTitle}>
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}
