import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { LandingPage } from '../../landing/LandingPage.tsx';
import { compareViewer } from '../../landing/CompareSlider.tsx';
import { HAIRSTYLE_CHANGER_EXAMPLES } from '../../landing/examples/hairstyle-changer.ts';
import type { LandingCopy } from '../../landing/types.ts';
import { CREDIT_COSTS } from '../pricing/credit-costs.ts';

const perLook = CREDIT_COSTS.hairstyle;

const VIEWER = compareViewer({ before: msg`Ảnh gốc`, after: msg`Màu mới`, label: msg`Kéo để so sánh ảnh gốc và màu tóc mới`, inputs: msg`Ảnh đầu vào` });

/** The page's words (exported for the test that holds its examples' instructions to what the engine reads). */
export const COPY: LandingCopy = {
  eyebrow: msg`Đổi kiểu tóc`,
  title: msg`Cho khách thấy màu tóc mới trước khi nhuộm`,
  lead: msg`Chụp khách một tấm, tô lên vùng tóc, chọn kiểu và màu. Khách xem mình với mái tóc nâu hạt dẻ hay hồng pastel ngay tại ghế, trước khi pha thuốc.`,
  price: <Plural value={perLook} other="# tín dụng cho mỗi lần tạo" />,
  cta: msg`Mở studio đổi tóc`,
  ctaNote: msg`Chưa đăng nhập? Atelier sẽ mời bạn đăng nhập hoặc tạo tài khoản (tặng 5 tín dụng) rồi đưa bạn thẳng vào studio.`,
  pricingLink: msg`Xem bảng giá`,
  heroCaption: msg`Kết quả thật của engine tích hợp sẵn trong Atelier; chân dung là hình minh họa tự vẽ, kết quả không chỉnh tay.`,
  audiences: {
    eyebrow: msg`Ai dùng`,
    title: msg`Bớt những lần “không giống mình nghĩ”`,
    seller: msg`Cho người bán mỹ phẩm và thuốc nhuộm`,
    sellerPoints: [
      msg`Minh họa từng tông màu của sản phẩm trên cùng một gương mặt, đăng thành bảng màu.`,
      msg`Làm ảnh “trước và sau” cho bài quảng cáo mà không cần người mẫu thật.`,
    ],
    salon: msg`Cho salon tóc`,
    salonPoints: [
      msg`Khách chọn màu trên ảnh của chính họ, yên tâm trước khi bắt đầu.`,
      msg`Thử vài màu trong vài phút, gửi ảnh qua Zalo để khách về suy nghĩ.`,
      msg`Lưu lại ảnh khách đã chọn để thợ làm đúng ý ở lần hẹn sau.`,
    ],
  },
  examples: {
    eyebrow: msg`Ví dụ`,
    title: msg`Một chân dung, hai màu tóc`,
    lead: msg`Cùng một ảnh và cùng vùng tô, chỉ khác câu mô tả màu. Kéo thanh trượt (hoặc dùng phím mũi tên) để so sánh.`,
    items: {
      auburn: {
        title: msg`Nâu hạt dẻ`,
        text: msg`Câu mô tả bên dưới chọn màu; vùng tô (trắng) cho biết chỗ cần đổi — 1 tín dụng.`,
        inputNames: [msg`Chân dung`, msg`Vùng tô`],
        prompt: msg`Nhuộm nâu hạt dẻ`,
      },
      pink: {
        title: msg`Hồng pastel`,
        text: msg`Cùng ảnh và vùng tô, màu khác — 1 tín dụng.`,
        inputNames: [msg`Chân dung`, msg`Vùng tô`],
        prompt: msg`Tóc hồng pastel`,
      },
    },
    engineNote: msg`Nói thẳng về giới hạn: engine tích hợp sẵn đổi màu tóc trong vùng bạn tô và giữ nguyên từng sợi sáng tối của tóc. Nó không cắt, uốn hay đổi dáng tóc — kiểu tóc bạn chọn được lưu cùng kết quả, còn hình dáng tóc trên ảnh giữ như cũ.`,
  },
  steps: {
    eyebrow: msg`Cách làm`,
    title: msg`Từ ảnh chụp đến màu tóc mới`,
    items: [
      { title: msg`Chụp hoặc tải ảnh`, text: msg`Ảnh chân dung rõ mặt và thấy trọn mái tóc, đủ sáng.` },
      { title: msg`Tô vùng tóc`, text: msg`Dùng cọ tô lên phần tóc cần đổi; tô lem ra nền một chút cũng không sao.` },
      { title: msg`Chọn kiểu và màu`, text: msg`Chọn từ bảng kiểu tóc nam, nữ và bảng màu, hoặc viết “nhuộm nâu hạt dẻ”.` },
      { title: msg`Xem cùng khách`, text: msg`So sánh trước và sau, tải về hoặc gửi cho khách.` },
    ],
  },
  cost: {
    eyebrow: msg`Chi phí`,
    title: msg`Một tín dụng mỗi lần thử`,
    lead: msg`Lần tạo nào lỗi — chẳng hạn chưa tô vùng tóc — tín dụng được hoàn lại tự động.`,
    columns: [msg`Lần tạo`, msg`Tín dụng`],
    rows: [
      { label: msg`Một màu, một kiểu tóc`, credits: <Plural value={perLook} other="# tín dụng" /> },
      { label: msg`Hai màu như các ví dụ trên`, credits: <Plural value={2 * perLook} other="# tín dụng" /> },
    ],
  },
  faq: {
    eyebrow: msg`Hỏi đáp`,
    title: msg`Câu hỏi về đổi kiểu tóc`,
    items: [
      {
        question: msg`Vì sao phải tô vùng tóc?`,
        answer: msg`Vùng tô cho Atelier biết chính xác chỗ cần đổi, nên da, mắt và quần áo của khách giữ nguyên. Chưa tô thì không tạo được, và tín dụng không bị trừ.`,
      },
      {
        question: msg`Có chọn màu theo mã được không?`,
        answer: msg`Được. Chọn trong bảng màu, nhập mã màu, hoặc viết tên màu trong mô tả như “bạch kim”, “nâu đỏ”, “tím”.`,
      },
      {
        question: msg`Ảnh của khách có được giữ riêng tư không?`,
        answer: msg`Có. Ảnh chỉ nằm trong kho ảnh của tài khoản bạn, và dữ liệu vị trí trong ảnh được xóa khi tải lên.`,
      },
    ],
  },
  final: {
    title: msg`Thử màu tóc mới cho vị khách tiếp theo`,
    text: msg`Tài khoản mới có 5 tín dụng miễn phí — đủ cho năm lần thử.`,
  },
  credit: msg`Ảnh ví dụ: hình minh họa do Atelier tự vẽ, dành tặng phạm vi công cộng (CC0); kết quả do engine tích hợp sẵn tạo ra bằng script trong mã nguồn, không chỉnh sửa thêm.`,
  creditLink: msg`Giấy phép và nguồn gốc ảnh`,
};

/** /services/hairstyle-changer: the hairstyle landing page. */
export default function ServicesHairstyleChangerPage() {
  return <LandingPage name="hair" copy={COPY} examples={HAIRSTYLE_CHANGER_EXAMPLES} viewer={VIEWER} studio="/hairstyle-changer" />;
}
