import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { AppLink } from '../../../../ui/link.tsx';
import { button } from '../../../../ui/button.ts';
import { ArrowRightIcon } from '../../../../ui/icons/site/ArrowRightIcon.tsx';
import { ChatIcon } from '../../../../ui/icons/site/ChatIcon.tsx';
import { EyeIcon } from '../../../../ui/icons/site/EyeIcon.tsx';
import { ScissorsIcon } from '../../../../ui/icons/site/ScissorsIcon.tsx';
import { ShieldIcon } from '../../../../ui/icons/site/ShieldIcon.tsx';
import { StoreIcon } from '../../../../ui/icons/site/StoreIcon.tsx';
import { TagIcon } from '../../../../ui/icons/site/TagIcon.tsx';
import { UserIcon } from '../../../../ui/icons/site/UserIcon.tsx';
import { type IconComponent } from '../../../../ui/icons/icon.tsx';
import { COMPANY } from '../../company.ts';
import { TOOLS, TOOL_SHOWCASE } from '../../services.ts';
import * as ui from '../sections.css.ts';
import * as s from './about.css.ts';

interface Point {
  icon: IconComponent;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

const AUDIENCES: readonly Point[] = [
  {
    icon: StoreIcon,
    title: msg`Người bán hàng online`,
    text: msg`Ra ảnh cho cả bộ sưu tập mới trong một buổi chiều, đồng bộ từ gian hàng trên sàn đến fanpage.`,
  },
  {
    icon: ScissorsIcon,
    title: msg`Salon tóc và làm đẹp`,
    text: msg`Cho khách xem trước kiểu tóc, màu tóc trên ảnh của chính họ trước khi bắt đầu, bớt hẳn những lần “không giống mình nghĩ”.`,
  },
  {
    icon: TagIcon,
    title: msg`Thương hiệu thời trang và mỹ phẩm`,
    text: msg`Thử nhiều cách phối đồ, người mẫu và bối cảnh cho lookbook trước khi đầu tư một buổi chụp lớn.`,
  },
  {
    icon: UserIcon,
    title: msg`Cá nhân`,
    text: msg`Thử một chiếc váy, một kiểu tóc mới hay làm sống động tấm ảnh kỷ niệm, không cần kỹ năng thiết kế.`,
  },
];

const VALUES: readonly Point[] = [
  {
    icon: ShieldIcon,
    title: msg`Quyền riêng tư`,
    text: msg`Ảnh của bạn là của bạn. Chúng tôi chỉ dùng ảnh để tạo kết quả bạn yêu cầu, xóa dữ liệu vị trí khi tải lên và không bán dữ liệu của bạn cho bất kỳ ai.`,
  },
  {
    icon: EyeIcon,
    title: msg`Trung thực về AI`,
    text: msg`AI không hoàn hảo, và chúng tôi không giả vờ như vậy. Mỗi công cụ nói rõ nó làm được gì và tốn bao nhiêu tín dụng; lần tạo nào lỗi thì tín dụng được hoàn lại.`,
  },
  {
    icon: ChatIcon,
    title: msg`Tiếng Việt trước tiên`,
    text: msg`Giao diện, hướng dẫn và hỗ trợ bằng tiếng Việt ngay từ đầu, giá niêm yết bằng VND, và bản tiếng Anh cho đối tác quốc tế.`,
  },
];

export default function AboutPage() {
  const { i18n } = useLingui();

  return (
    <>
      <section className={s.intro} aria-labelledby="about-title">
        <div className={ui.container}>
          <div className={s.introGrid}>
            <div className={s.introCopy}>
              <p className={ui.eyebrow}>
                <Trans>Về Atelier</Trans>
              </p>
              <h1 id="about-title" className={s.introTitle}>
                <Trans>Chúng tôi xây studio ảnh mà người bán hàng Việt luôn cần</Trans>
              </h1>
              <p className={s.introLead}>
                <Trans>
                  Atelier ra đời ở TP. Hồ Chí Minh từ một câu hỏi đơn giản: vì sao một shop thời trang nhỏ phải tốn hàng triệu đồng và cả tuần chờ đợi chỉ để có
                  một bộ ảnh sản phẩm?
                </Trans>
              </p>
            </div>
            <div className={s.monogram} aria-hidden="true">
              A
            </div>
          </div>
          <dl className={s.facts}>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Trụ sở</Trans>
              </dt>
              <dd className={s.factValue}>
                <Trans>TP. Hồ Chí Minh</Trans>
              </dd>
            </div>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Công cụ AI trong một studio</Trans>
              </dt>
              <dd className={s.factValue}>6</dd>
            </div>
            <div className={s.fact}>
              <dt className={s.factLabel}>
                <Trans>Ngôn ngữ</Trans>
              </dt>
              <dd className={s.factValue}>
                <Trans>Tiếng Việt và English</Trans>
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby="about-story-title">
        <div className={`${ui.container} ${s.story}`}>
          <div className={ui.flushHead}>
            <p className={ui.eyebrow}>
              <Trans>Câu chuyện</Trans>
            </p>
            <h2 id="about-story-title" className={ui.title}>
              <Trans>Câu chuyện của chúng tôi</Trans>
            </h2>
            <div className={s.prose}>
              <p>
                <Trans>
                  Trước khi có Atelier, chúng tôi làm việc cùng các shop thời trang bán trên sàn thương mại điện tử, TikTok và Facebook. Mùa hàng nào cũng lặp
                  lại một vòng quen thuộc: thuê người mẫu, thuê studio, chờ hậu kỳ — và nhiều khi ảnh về thì đợt sale đã qua.
                </Trans>
              </p>
              <p>
                <Trans>
                  Khi AI tạo ảnh đủ tốt để dùng thật, chúng tôi không muốn làm thêm một ứng dụng cho vui. Chúng tôi muốn một công cụ làm việc nghiêm túc: nói
                  tiếng Việt, tính phí rõ ràng bằng tín dụng, và cho ra ảnh đủ chuẩn để đăng bán.
                </Trans>
              </p>
              <p>
                <Trans>
                  Hôm nay, Atelier gom sáu công cụ vào một studio ngay trên trình duyệt, từ thử đồ ảo đến video sản phẩm, để một người cũng làm được phần việc
                  hình ảnh của cả một ê-kíp.
                </Trans>
              </p>
            </div>
          </div>
          <figure className={s.quote}>
            <blockquote className={s.quoteText}>
              <p>
                <Trans>“Một shop nhỏ ở Đà Lạt cũng xứng đáng có bộ ảnh đẹp như thương hiệu lớn ở trung tâm Sài Gòn.”</Trans>
              </p>
            </blockquote>
            <figcaption className={s.quoteBy}>
              <Trans>Đội ngũ sáng lập Atelier</Trans>
            </figcaption>
          </figure>
        </div>
      </section>

      <section className={ui.section.ink} aria-labelledby="about-mission-title">
        <div className={`${ui.container} ${s.missionGrid}`}>
          <p className={ui.eyebrowOnDark}>
            <Trans>Sứ mệnh</Trans>
          </p>
          <h2 id="about-mission-title" className={s.mission}>
            <Trans>Giúp mọi người bán hàng, salon và thương hiệu Việt có hình ảnh đẹp như studio — nhanh hơn, tiết kiệm hơn, và vẫn là của chính họ.</Trans>
          </h2>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby="about-build-title">
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>
              <Trans>Sản phẩm</Trans>
            </p>
            <h2 id="about-build-title" className={ui.title}>
              <Trans>Sáu công cụ AI cho công việc hình ảnh hằng ngày</Trans>
            </h2>
          </div>
          <ul className={s.toolList}>
            {TOOL_SHOWCASE.map((id) => {
              const tool = TOOLS[id];
              const Icon = tool.icon;
              return (
                <li key={id} className={s.toolRow}>
                  <span className={ui.iconTile}>
                    <Icon size={22} />
                  </span>
                  <span>
                    <AppLink to={tool.to} className={s.toolLink}>
                      {i18n._(tool.name)}
                    </AppLink>{' '}
                    <span className={s.toolSummary}>{i18n._(tool.summary)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className={s.platformNote}>
            <Trans>
              Tất cả dùng chung một kho ảnh, một lịch sử tạo và một số dư tín dụng. Atelier cài được như ứng dụng trên máy tính và máy tính bảng, ảnh cũ vẫn xem
              được khi mất mạng, và doanh nghiệp cần tích hợp có thể gọi API bằng token riêng.
            </Trans>
          </p>
        </div>
      </section>

      <section className={ui.section.canvas} aria-labelledby="about-audience-title">
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>
              <Trans>Khách hàng</Trans>
            </p>
            <h2 id="about-audience-title" className={ui.title}>
              <Trans>Atelier dành cho ai</Trans>
            </h2>
          </div>
          <ul className={s.cards}>
            {AUDIENCES.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.title.id} className={s.card}>
                  <span className={ui.iconTile}>
                    <Icon size={24} />
                  </span>
                  <h3 className={s.cardTitle}>{i18n._(item.title)}</h3>
                  <p className={s.cardText}>{i18n._(item.text)}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={ui.section.ink} aria-labelledby="about-values-title">
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrowOnDark}>
              <Trans>Giá trị</Trans>
            </p>
            <h2 id="about-values-title" className={ui.title}>
              <Trans>Điều chúng tôi coi trọng</Trans>
            </h2>
          </div>
          <ul className={s.values}>
            {VALUES.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.title.id} className={s.value}>
                  <Icon size={32} className={s.valueIcon} />
                  <h3 className={s.valueTitle}>{i18n._(item.title)}</h3>
                  <p className={s.valueText}>{i18n._(item.text)}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={ui.section.sand} aria-labelledby="about-company-title">
        <div className={`${ui.container} ${s.company}`}>
          <div className={ui.flushHead}>
            <p className={ui.eyebrow}>
              <Trans>Công ty</Trans>
            </p>
            <h2 id="about-company-title" className={ui.title}>
              <Trans>Đội ngũ đứng sau Atelier</Trans>
            </h2>
            <div className={s.prose}>
              <p>
                <Trans>
                  Atelier được xây dựng bởi Atelier Studio, một nhóm nhỏ gồm kỹ sư, nhà thiết kế và những người từng tự vận hành shop thời trang. Chúng tôi làm
                  việc tại TP. Hồ Chí Minh, gần với chính những khách hàng mà sản phẩm phục vụ.
                </Trans>
              </p>
              <p>
                <Trans>Bạn là nhà bán hàng, salon hay thương hiệu muốn hợp tác? Chúng tôi luôn muốn nghe bạn đang làm ảnh như thế nào.</Trans>
              </p>
            </div>
          </div>
          <dl className={s.companyFacts}>
            <div className={s.companyRow}>
              <dt className={s.companyLabel}>
                <Trans>Công ty</Trans>
              </dt>
              <dd className={s.companyValue}>{COMPANY.legalName}</dd>
            </div>
            <div className={s.companyRow}>
              <dt className={s.companyLabel}>
                <Trans>Địa chỉ</Trans>
              </dt>
              <dd className={s.companyValue}>
                <Trans>72 Lê Thánh Tôn, Phường Sài Gòn, TP. Hồ Chí Minh, Việt Nam</Trans>
              </dd>
            </div>
            <div className={s.companyRow}>
              <dt className={s.companyLabel}>
                <Trans>Email</Trans>
              </dt>
              <dd className={s.companyValue}>
                <a href={`mailto:${COMPANY.email}`} className={s.companyLink}>
                  {COMPANY.email}
                </a>
              </dd>
            </div>
            <div className={s.companyRow}>
              <dt className={s.companyLabel}>
                <Trans>Điện thoại</Trans>
              </dt>
              <dd className={s.companyValue}>
                <a href={COMPANY.phoneHref} className={s.companyLink}>
                  {COMPANY.phone}
                </a>
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby="about-cta-title">
        <div className={`${ui.container} ${s.cta}`}>
          <div className={ui.flushHead}>
            <h2 id="about-cta-title" className={ui.title}>
              <Trans>Cùng tạo bộ ảnh đầu tiên của bạn</Trans>
            </h2>
            <p className={ui.lead}>
              <Trans>5 tín dụng miễn phí đang chờ bạn trong ứng dụng. Không cần studio, không cần hẹn lịch.</Trans>
            </p>
          </div>
          <div className={ui.actions}>
            <AppLink to="/dashboard" className={button({ variant: 'primary', size: 'lg' })}>
              <Trans>Bắt đầu miễn phí</Trans>
              <ArrowRightIcon size={20} />
            </AppLink>
            <AppLink to="/contact" className={button({ variant: 'secondary', size: 'lg' })}>
              <Trans>Liên hệ với chúng tôi</Trans>
            </AppLink>
          </div>
        </div>
      </section>
    </>
  );
}
