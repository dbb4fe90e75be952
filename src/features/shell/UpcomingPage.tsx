import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { Chip } from '../../ui/Chip.tsx';
import { AppLink } from '../../ui/link.tsx';
import { NAV, type NavItem } from '../registry/nav-items.ts';
import * as s from '../../ui/screens.css.ts';

/**
 * The page of a sidebar entry whose feature is not built yet (its `upcoming` line in
 * src/features/registry/nav-items.ts), inside the app's shell: its name, that it is coming, what
 * it will do, and the way back to the tools that work today. It offers nothing it cannot do.
 */
export function UpcomingPage({ item }: { item: NavItem & { upcoming: MessageDescriptor } }) {
  const { i18n } = useLingui();
  const Icon = item.icon;
  const name = i18n._(item.label);
  return (
    <div className={s.centered} data-testid="upcoming-page">
      <div className={s.panel}>
        <Icon size={40} />
        <Chip tone="accent" size="md">
          <Trans>Sắp ra mắt</Trans>
        </Chip>
        <h1 className={s.title}>{name}</h1>
        <p className={s.lead}>{i18n._(item.upcoming)}</p>
        <p className={s.lead}>
          <Trans>
            {name} chưa dùng được: tính năng đang được xây dựng và sẽ có ngay tại trang này khi sẵn sàng. Trong lúc chờ, các studio ảnh và video trên bảng điều
            khiển đều đã dùng được.
          </Trans>
        </p>
        <div className={s.actions}>
          <AppLink to={NAV.dashboard.to} className={button({ variant: 'primary' })}>
            <Trans>Về bảng điều khiển</Trans>
          </AppLink>
        </div>
      </div>
    </div>
  );
}
