import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { displayName, sessionUserAtom, type SessionUser } from '../../lib/session.ts';
import { INTL_LOCALE } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AppLink } from '../../ui/link.tsx';
import { button } from '../../ui/button.css.ts';
import { useOpenAuthModal } from '../auth/auth-modal-state.ts';
import { IconArrowRight, IconLock } from '../shell/sidebar/icons.tsx';
import { NAV } from '../shell/sidebar/nav-items.ts';
import { RECENT_FILTERS, type RecentFilter } from './search.ts';
import { FILTER_LABELS, QUICK_ACCESS } from './tools.ts';
import * as s from './dashboard.css.ts';

interface DashboardPageProps {
  filter: RecentFilter;
  onFilterChange: (filter: RecentFilter) => void;
}

/**
 * /dashboard (spec §2), open to guests. Personal sections (stats, recent generations, body
 * models, community) come with the assets and history work; until then a signed-in user sees
 * no stand-in numbers, and a guest is asked to sign in.
 */
export function DashboardPage({ filter, onFilterChange }: DashboardPageProps) {
  const user = useAtomValue(sessionUserAtom);
  return (
    <div className={s.page}>
      <Greeting user={user} />
      <QuickAccess />
      <BodyModelBanner />
      <RecentGenerations user={user} filter={filter} onFilterChange={onFilterChange} />
    </div>
  );
}

function Greeting({ user }: { user: SessionUser | null }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const [now] = useState(() => new Date());
  const today = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', day: 'numeric', month: 'long' }).format(now);
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
          Studio AI cho ảnh thời trang và làm đẹp: thử đồ, đổi kiểu tóc, tạo người mẫu, làm video từ ảnh. Xem qua các công
          cụ bên dưới và đăng nhập khi bạn sẵn sàng tạo ảnh.
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
                <span className={s.toolName}>{i18n._(item.label)}</span>
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
            Nhập chiều cao, cân nặng, tuổi, tông da và dáng người để có người mẫu ảo đúng vóc dáng khách hàng của bạn, rồi
            dùng lại cho những lần thử đồ sau.
          </Trans>
        </p>
        <AppLink to={NAV.bodyGenerator.to} className={button({ variant: 'onDark', size: 'md' })}>
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

interface RecentGenerationsProps {
  user: SessionUser | null;
  filter: RecentFilter;
  onFilterChange: (filter: RecentFilter) => void;
}

function RecentGenerations({ user, filter, onFilterChange }: RecentGenerationsProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Ảnh đã tạo gần đây</Trans>
      </h2>
      <div className={s.chips} role="group" aria-label={t`Lọc theo công cụ`} data-testid="recent-filters">
        {RECENT_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={s.chip}
            aria-pressed={value === filter}
            data-filter={value}
            onClick={() => onFilterChange(value)}
          >
            {i18n._(FILTER_LABELS[value])}
          </button>
        ))}
      </div>
      {/* The signed-in list arrives with the history work; nothing stands in for it meanwhile. */}
      {user ? null : <AuthRequired />}
    </section>
  );
}

/** Spec §2: what a guest sees in place of the personal sections. */
function AuthRequired() {
  const openAuthModal = useOpenAuthModal();
  const headingId = useId();
  return (
    <div className={s.authCard} role="region" aria-labelledby={headingId} data-testid="auth-required">
      <span className={s.authIcon}>
        <IconLock size={24} />
      </span>
      <div className={s.authText}>
        <h3 id={headingId} className={s.authTitle}>
          <Trans>Yêu cầu đăng nhập</Trans>
        </h3>
        <p className={s.authLead}>
          <Trans>Vui lòng đăng nhập để sử dụng tính năng này</Trans>
        </p>
        <p className={s.authHint}>
          <Trans>
            Đăng nhập hoặc tạo tài khoản để xem ảnh và video bạn đã tạo, số liệu sử dụng và các người mẫu bạn đã lưu.
          </Trans>
        </p>
      </div>
      <div className={s.authActions}>
        <button
          type="button"
          className={button({ variant: 'primary' })}
          data-testid="auth-required-sign-in"
          onClick={() => openAuthModal('login')}
        >
          <Trans>Đăng nhập</Trans>
        </button>
        <button
          type="button"
          className={button({ variant: 'secondary' })}
          data-testid="auth-required-register"
          onClick={() => openAuthModal('register')}
        >
          <Trans>Tạo tài khoản</Trans>
        </button>
      </div>
    </div>
  );
}
