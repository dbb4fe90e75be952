import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { AppLink } from '../../../../ui/link.tsx';
import { button } from '../../../../ui/button.ts';
import { ArrowRightIcon } from '../../../../ui/icons/site/ArrowRightIcon.tsx';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import { DownloadIcon } from '../../../../ui/icons/site/DownloadIcon.tsx';
import { PlusIcon } from '../../../../ui/icons/site/PlusIcon.tsx';
import { SlidersIcon } from '../../../../ui/icons/site/SlidersIcon.tsx';
import { SparkleIcon } from '../../../../ui/icons/site/SparkleIcon.tsx';
import { UploadIcon } from '../../../../ui/icons/site/UploadIcon.tsx';
import { type IconComponent } from '../../../../ui/icons/icon.tsx';
import { CREDIT_PRICES } from '../../../../contract/prices.ts';
import { TOOLS, TOOL_SHOWCASE, type SitePrice } from '../../services.ts';
import { LONGEST_MINUTES, minutesAtMost } from '../../waits.ts';
import { HeroVisual } from './HeroVisual.tsx';
import { PricingTeaser } from './PricingTeaser.tsx';
import * as ui from '../sections.css.ts';
import * as s from './home.css.ts';

interface Step {
  icon: IconComponent;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** A tool card's price line, in the unit the tool is charged by. */
function PriceLine({ price }: { price: SitePrice }) {
  const n = price.credits;
  switch (price.per) {
    case 'garment':
      return <Plural value={n} other="# tín dụng cho mỗi món đồ" />;
    case 'image':
      return <Plural value={n} other="# tín dụng cho mỗi ảnh" />;
    case 'model':
      return <Plural value={n} other="# tín dụng cho mỗi người mẫu" />;
    case 'look':
      return <Plural value={n} other="# tín dụng cho mỗi lần tạo" />;
    case 'clip-from':
      return <Plural value={n} other="Từ # tín dụng mỗi clip" />;
    case 'from':
      return <Plural value={n} other="Từ # tín dụng" />;
  }
}

const TRYON_MINUTES = minutesAtMost('virtual-tryon');

const STEPS: readonly Step[] = [
  {
    icon: UploadIcon,
    title: msg`Tải ảnh lên`,
    text: msg`Ảnh JPG, PNG hoặc WebP đến 10 MB. Ảnh chụp bằng điện thoại, đủ sáng là dùng tốt.`,
  },
  {
    icon: SlidersIcon,
    title: msg`Chọn công cụ và tùy chỉnh`,
    text: msg`Chọn trang phục, kiểu tóc, thời lượng video, hoặc viết vài dòng mô tả chỉnh sửa bạn muốn.`,
  },
  {
    icon: SparkleIcon,
    title: msg`Tạo ảnh`,
    text: msg`Tùy công cụ, AI xử lý xong trong chưa tới ${LONGEST_MINUTES} phút. Cứ làm việc khác, Atelier sẽ báo khi xong.`,
  },
  {
    icon: DownloadIcon,
    title: msg`Tải về và sử dụng`,
    text: msg`Chọn chất lượng và kích thước, tải về rồi đăng lên shop, fanpage hoặc gửi cho khách.`,
  },
];

export default function HomePage() {
  const { i18n } = useLingui();

  return (
    <>
      <section className={s.hero} aria-labelledby="home-hero-title">
        <div className={ui.container}>
          <div className={s.heroGrid}>
            <div className={s.heroCopy}>
              <p className={ui.eyebrowOnDark}>
                <Trans>Studio AI cho thời trang và làm đẹp</Trans>
              </p>
              <h1 id="home-hero-title" className={s.heroTitle}>
                <Trans>
                  Ảnh thời trang đẹp như chụp <em className={s.heroEm}>studio</em>, xong trong vài phút
                </Trans>
              </h1>
              <p className={s.heroLead}>
                <Trans>
                  Mặc thử trang phục lên người mẫu, đổi kiểu tóc, chỉnh ảnh bằng lời mô tả và biến ảnh thành video. Atelier giúp người bán hàng online, salon và
                  thương hiệu có ảnh sản phẩm đẹp mà không cần thuê studio hay biết Photoshop.
                </Trans>
              </p>
              <div className={`${ui.actions} ${s.heroActions}`}>
                <AppLink to="/dashboard" className={button({ variant: 'accent', size: 'lg' })}>
                  <Trans>Dùng thử miễn phí</Trans>
                  <ArrowRightIcon size={20} />
                </AppLink>
                <AppLink to="/pricing" className={`${button({ variant: 'ghost', size: 'lg' })} ${ui.outlineOnDark}`}>
                  <Trans>Xem bảng giá</Trans>
                </AppLink>
              </div>
              <ul className={s.heroFacts}>
                <li className={s.heroFact}>
                  <IconCheck size={18} strokeWidth={1.75} className={s.factIcon} />
                  <Trans>5 tín dụng miễn phí để bắt đầu</Trans>
                </li>
                <li className={s.heroFact}>
                  <IconCheck size={18} strokeWidth={1.75} className={s.factIcon} />
                  <Trans>Chạy ngay trên trình duyệt, cài được như ứng dụng</Trans>
                </li>
                <li className={s.heroFact}>
                  <IconCheck size={18} strokeWidth={1.75} className={s.factIcon} />
                  <Trans>Giá bằng VND, hỗ trợ bằng tiếng Việt</Trans>
                </li>
              </ul>
            </div>
            <HeroVisual />
          </div>

          <dl className={s.stats}>
            <div className={s.stat}>
              <dt className={s.statLabel}>
                <Trans>công cụ AI trong một studio</Trans>
              </dt>
              <dd className={s.statValue}>6</dd>
            </div>
            <div className={s.stat}>
              <dt className={s.statLabel}>
                <Trans>cho một ảnh thử đồ ảo</Trans>
              </dt>
              <dd className={s.statValue}>
                <Plural value={TRYON_MINUTES} other="Dưới # phút" />
              </dd>
            </div>
            <div className={s.stat}>
              <dt className={s.statLabel}>
                <Trans>tiết kiệm khi thanh toán theo năm</Trans>
              </dt>
              <dd className={s.statValue}>20%</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby="home-tools-title">
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>
              <Trans>Công cụ</Trans>
            </p>
            <h2 id="home-tools-title" className={ui.title}>
              <Trans>Sáu công cụ, một studio</Trans>
            </h2>
            <p className={ui.lead}>
              <Trans>
                Mỗi công cụ làm thật tốt một việc. Tất cả dùng chung kho ảnh, lịch sử tạo và tín dụng của bạn, nên ảnh vừa thử đồ xong có thể đem đi làm nét hay
                làm video ngay.
              </Trans>
            </p>
          </div>
          <ul className={s.toolGrid}>
            {TOOL_SHOWCASE.map((id) => {
              const tool = TOOLS[id];
              const Icon = tool.icon;
              return (
                <li key={id}>
                  <article className={s.toolCard}>
                    <span className={ui.iconTile}>
                      <Icon size={24} />
                    </span>
                    <h3 className={s.toolName}>
                      <AppLink to={tool.to} className={s.stretchedLink}>
                        {i18n._(tool.name)}
                      </AppLink>
                    </h3>
                    <p className={s.toolText}>{i18n._(tool.description)}</p>
                    <p className={s.toolMeta}>
                      <PriceLine price={tool.price} />
                      <ArrowRightIcon size={18} className={s.toolArrow} />
                    </p>
                  </article>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={ui.section.canvas} aria-labelledby="home-steps-title">
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>
              <Trans>Cách hoạt động</Trans>
            </p>
            <h2 id="home-steps-title" className={ui.title}>
              <Trans>Từ ảnh gốc đến ảnh đăng bán trong bốn bước</Trans>
            </h2>
          </div>
          <ol className={s.steps}>
            {STEPS.map((step, index) => {
              const Icon = step.icon;
              return (
                <li key={step.title.id} className={s.step}>
                  <div className={s.stepTop}>
                    <span className={s.stepNumber} aria-hidden="true">
                      {String(index + 1).padStart(2, '0')}
                    </span>
                    <Icon size={24} />
                  </div>
                  <h3 className={s.stepTitle}>{i18n._(step.title)}</h3>
                  <p className={s.stepText}>{i18n._(step.text)}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <PricingTeaser />

      <section className={ui.section.canvas} aria-labelledby="home-faq-title">
        <div className={`${ui.container} ${s.faqGrid}`}>
          <div className={ui.flushHead}>
            <p className={ui.eyebrow}>
              <Trans>Hỏi đáp</Trans>
            </p>
            <h2 id="home-faq-title" className={ui.title}>
              <Trans>Câu hỏi thường gặp</Trans>
            </h2>
            <p className={ui.lead}>
              <Trans>
                Chưa thấy câu trả lời bạn cần?{' '}
                <AppLink to="/contact" className={ui.inlineLink}>
                  Gửi câu hỏi cho chúng tôi
                </AppLink>
                , chúng tôi sẽ trả lời qua email.
              </Trans>
            </p>
          </div>
          <div className={s.faqList}>
            <details className={s.faqItem}>
              <summary className={s.faqQuestion}>
                <Trans>Tín dụng là gì và được tính thế nào?</Trans>
                <PlusIcon size={22} className={s.faqIcon} />
              </summary>
              <p className={s.faqAnswer}>
                <Trans>
                  Tín dụng là đơn vị để tạo ảnh và video. Thử đồ ảo tốn <Plural value={CREDIT_PRICES.tryOnPerGarment} other="# tín dụng" /> cho mỗi món đồ, tạo
                  người mẫu và đổi kiểu tóc tốn <Plural value={CREDIT_PRICES.bodyGenerator} other="# tín dụng" /> mỗi lần, ảnh thành video từ{' '}
                  <Plural value={CREDIT_PRICES.video5s480p} other="# tín dụng" />. Tín dụng chỉ bị trừ khi lần tạo thành công; nếu lỗi, tín dụng được hoàn lại
                  tự động. Gói miễn phí có 5 tín dụng, và bạn có thể mua thêm bất cứ lúc nào.
                </Trans>
              </p>
            </details>
            <details className={s.faqItem}>
              <summary className={s.faqQuestion}>
                <Trans>Tôi có thể đổi gói bất cứ lúc nào không?</Trans>
                <PlusIcon size={22} className={s.faqIcon} />
              </summary>
              <p className={s.faqAnswer}>
                <Trans>
                  Có. Bạn có thể nâng cấp hoặc hạ gói bất cứ lúc nào ngay trong ứng dụng. Thanh toán theo năm giúp bạn tiết kiệm 20% so với trả theo tháng.
                </Trans>
              </p>
            </details>
            <details className={s.faqItem}>
              <summary className={s.faqQuestion}>
                <Trans>Atelier nhận những định dạng ảnh nào?</Trans>
                <PlusIcon size={22} className={s.faqIcon} />
              </summary>
              <p className={s.faqAnswer}>
                <Trans>
                  Ảnh JPG, PNG và WebP, tối đa 10 MB mỗi ảnh. Riêng công cụ làm nét nhận ảnh đến 20 MB và video đến 100 MB. Ảnh được tự xoay đúng chiều khi tải
                  lên.
                </Trans>
              </p>
            </details>
            <details className={s.faqItem}>
              <summary className={s.faqQuestion}>
                <Trans>Tôi có dùng được trên máy tính bảng, hay khi mất mạng không?</Trans>
                <PlusIcon size={22} className={s.faqIcon} />
              </summary>
              <p className={s.faqAnswer}>
                <Trans>
                  Có. Các công cụ chạy trên máy tính và máy tính bảng từ 768 px trở lên, và bạn có thể cài Atelier như một ứng dụng. Khi mất mạng, bạn vẫn xem
                  lại được ảnh và lịch sử đã tạo; ảnh tải lên lúc offline sẽ tự gửi đi khi có mạng trở lại. Trên điện thoại, bạn vẫn xem được trang giới thiệu
                  và bảng giá.
                </Trans>
              </p>
            </details>
            <details className={s.faqItem}>
              <summary className={s.faqQuestion}>
                <Trans>Ảnh của tôi có được giữ riêng tư không?</Trans>
                <PlusIcon size={22} className={s.faqIcon} />
              </summary>
              <p className={s.faqAnswer}>
                <Trans>
                  Có. Ảnh bạn tải lên chỉ dùng để tạo kết quả cho bạn và chỉ hiện trong kho ảnh của bạn. Khi tải lên, Atelier xóa dữ liệu EXIF như vị trí chụp.
                  Chi tiết có trong{' '}
                  <AppLink to="/privacy" className={ui.inlineLink}>
                    Chính sách bảo mật
                  </AppLink>
                  .
                </Trans>
              </p>
            </details>
          </div>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby="home-cta-title">
        <div className={ui.container}>
          <div className={s.finalCta}>
            <h2 id="home-cta-title" className={s.finalTitle}>
              <Trans>Bộ ảnh tiếp theo của bạn bắt đầu từ đây</Trans>
            </h2>
            <p className={ui.leadOnDark}>
              <Trans>Nhận 5 tín dụng miễn phí và thử ngay trên ảnh sản phẩm của chính bạn. Khi cần nhiều hơn, chọn gói phù hợp hoặc mua thêm tín dụng.</Trans>
            </p>
            <div className={ui.actionsCenter}>
              <AppLink to="/dashboard" className={button({ variant: 'accent', size: 'lg' })}>
                <Trans>Bắt đầu miễn phí</Trans>
                <ArrowRightIcon size={20} />
              </AppLink>
              <AppLink to="/contact" className={`${button({ variant: 'ghost', size: 'lg' })} ${ui.outlineOnDark}`}>
                <Trans>Liên hệ tư vấn</Trans>
              </AppLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
