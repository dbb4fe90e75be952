import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { displayName, sessionStatusAtom, sessionUserAtom, type SessionUser } from '../../lib/session.ts';
import { formatWeekdayDate } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AppLink } from '../../ui/link.tsx';
import { button } from '../../ui/button.ts';
import { Chip } from '../../ui/Chip.tsx';
import { IconArrowRight } from '../../ui/icons/app/IconArrowRight.tsx';
import { STUDIO_NAV } from '../registry/nav-items.ts';
import { BodyModelsSection } from './BodyModelsSection.tsx';
import { CommunitySection } from './CommunitySection.tsx';
import { RecentGenerations } from './RecentGenerations.tsx';
import { StatsSection } from './StatsSection.tsx';
import type { RecentFilter } from './search.ts';
import { QUICK_ACCESS } from './tools.ts';
import * as s from './dashboard.css.ts';

interface DashboardPageProps {
  filter: RecentFilter;
  onFilterChange: (filter: RecentFilter) => void;
}

/**
 * /dashboard (docs/product-rules.md#dashboard), open to guests: greeting, stats, quick access, body models,
 * community generation, the 3D body model banner, recent generations. A guest sees the public
 * parts (quick access, community, banner) and a sign-in card in place of each personal one.
 * Personal sections wait for the session check (a reload of a signed-in page fetches nothing as
 * a guest, nor shows the sign-in card for a moment).
 */
export function DashboardPage({ filter, onFilterChange }: DashboardPageProps) {
  const user = useAtomValue(sessionUserAtom);
  const status = useAtomValue(sessionStatusAtom);
  // While the stored session is being checked, the cached user stands for it (as the sidebar does).
  const signedIn = status === 'signed-in' || (status === 'checking' && user !== null);
  return (
    <div className={s.page} data-testid="dashboard-page" data-signed-in={signedIn}>
      <Greeting user={user} />
      <StatsSection signedIn={signedIn} />
      <QuickAccess />
      <BodyModelsSection signedIn={signedIn} />
      <CommunitySection />
      <BodyModelBanner />
      <RecentGenerations signedIn={signedIn} filter={filter} onFilterChange={onFilterChange} />
    </div>
  );
}

function Greeting({ user }: { user: SessionUser | null }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const [now] = useState(() => new Date());
  const today = formatWeekdayDate(now, locale);
  if (user) {
    const name = displayName(user, t`Người dùng`);
    return (
      <header className={s.hero}>
        <p className={s.eyebrow}>{today}</p>
        <h1 className={s.title}>
          <Trans>Xin chào, {name}</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Hôm nay bạn muốn tạo gì? Chọn một công cụ để bắt đầu.</Trans>
        </p>
      </header>
    );
  }
  return (
    <header className={s.hero}>
      <p className={s.eyebrow}>
        <Trans>Atelier Studio</Trans>
      </p>
      <h1 className={s.title}>
        <Trans>Chào mừng bạn đến với Atelier</Trans>
      </h1>
      <p className={s.lead}>
        <Trans>
          Studio AI cho ảnh thời trang và làm đẹp: thử đồ, đổi kiểu tóc, tạo người mẫu, làm video từ ảnh. Xem qua các công cụ bên dưới và đăng nhập khi bạn sẵn
          sàng tạo ảnh.
        </Trans>
      </p>
    </header>
  );
}

function QuickAccess() {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Truy cập nhanh</Trans>
      </h2>
      <ul className={s.toolGrid} data-testid="quick-access">
        {QUICK_ACCESS.map(({ item, description }) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <AppLink to={item.to} className={s.toolCard}>
                <span className={s.toolIcon}>
                  <Icon size={22} />
                </span>
                <span className={s.toolName}>
                  {i18n._(item.label)}
                  {item.upcoming && (
                    <Chip tone="accent" className={s.toolSoon} data-testid="tool-upcoming">
                      <Trans>Sắp ra mắt</Trans>
                    </Chip>
                  )}
                </span>
                <span className={s.toolDescription}>{i18n._(description)}</span>
                <IconArrowRight className={s.toolArrow} size={18} />
              </AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function BodyModelBanner() {
  return (
    <section className={s.banner} data-testid="body-model-banner">
      <div className={s.bannerText}>
        <p className={s.bannerEyebrow}>
          <Trans>Tạo người mẫu</Trans>
        </p>
        <h2 className={s.bannerTitle}>
          <Trans>Tạo mô hình cơ thể 3D của riêng bạn</Trans>
        </h2>
        <p className={s.bannerLead}>
          <Trans>
            Nhập chiều cao, cân nặng, tuổi, tông da và dáng người để có người mẫu ảo đúng vóc dáng khách hàng của bạn, rồi dùng lại cho những lần thử đồ sau.
          </Trans>
        </p>
        <AppLink to={STUDIO_NAV['body-generator'].to} className={button({ variant: 'onDark', size: 'md' })}>
          <Trans>Tạo mô hình 3D</Trans>
          <IconArrowRight size={18} />
        </AppLink>
      </div>
      <BodyFigure />
    </section>
  );
}

/** A measured wireframe figure: decoration for the banner. */
function BodyFigure() {
  return (
    <svg className={s.bannerFigure} viewBox="0 0 200 240" aria-hidden="true" focusable="false">
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <g stroke="currentColor" strokeWidth="1.4" opacity="0.9">
          <circle cx="100" cy="34" r="16" />
          <path d="M100 50v10M70 70c10-6 20-9 30-9s20 3 30 9l8 58M70 70l-8 58" />
          <path d="M80 66c-2 30 0 52 6 70l-6 92M120 66c2 30 0 52-6 70l6 92M86 136h28M100 140v88" />
        </g>
        <g stroke="currentColor" strokeWidth="0.8" opacity="0.35">
          <ellipse cx="100" cy="78" rx="30" ry="6" />
          <ellipse cx="100" cy="104" rx="22" ry="5" />
          <ellipse cx="100" cy="136" rx="28" ry="6" />
          <ellipse cx="100" cy="176" rx="26" ry="5" />
        </g>
        <g className={s.bannerFigureAccent} strokeWidth="1.2">
          <path d="M162 18v212M156 18h12M156 230h12" />
          <path d="M34 78h-16M34 104h-16M34 136h-16" strokeDasharray="2 3" />
        </g>
      </g>
    </svg>
  );
}
