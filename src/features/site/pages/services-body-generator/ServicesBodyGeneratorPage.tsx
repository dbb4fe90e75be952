import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { LandingPage } from '../../landing/LandingPage.tsx';
import { stillViewer } from '../../landing/StillViewer.tsx';
import { BODY_GENERATOR_EXAMPLES } from '../../landing/examples/body-generator.ts';
import type { LandingCopy } from '../../landing/types.ts';
import { CREDIT_COSTS } from '../pricing/credit-costs.ts';

const perModel = CREDIT_COSTS.bodyGenerator;

const VIEWER = stillViewer({ after: msg`Người mẫu ảo do Atelier tạo` });

const COPY: LandingCopy = {
  eyebrow: msg`Tạo người mẫu`,
  title: msg`Người mẫu ảo mang dáng của chính khách hàng bạn`,
  lead: msg`Nhập chiều cao, cân nặng, tuổi, màu da và vóc dáng. Atelier dựng một người mẫu đúng tỉ lệ, đứng trên nền studio trơn, sẵn sàng để thử đồ.`,
  price: <Plural value={perModel} other="# tín dụng cho mỗi người mẫu" />,
  cta: msg`Mở studio tạo người mẫu`,
  ctaNote: msg`Chưa đăng nhập? Atelier sẽ mời bạn đăng nhập hoặc tạo tài khoản (tặng 5 tín dụng) rồi đưa bạn thẳng vào studio.`,
  pricingLink: msg`Xem bảng giá`,
  heroCaption: msg`Kết quả thật của engine tích hợp sẵn trong Atelier với thông số ở ví dụ đầu tiên bên dưới, không chỉnh tay.`,
  audiences: {
    eyebrow: msg`Ai dùng`,
    title: msg`Khách nhìn thấy mình trong bộ đồ`,
    seller: msg`Cho người bán hàng online`,
    sellerPoints: [
      msg`Có người mẫu nhỏ nhắn, đầy đặn hay cao ráo cho từng dòng size mà không cần thuê người.`,
      msg`Dùng người mẫu vừa tạo ngay trong công cụ Thử đồ ảo.`,
      msg`Ảnh đồng bộ: cùng nền, cùng ánh sáng cho cả gian hàng.`,
    ],
    salon: msg`Cho tiệm may và thương hiệu`,
    salonPoints: [msg`Dựng dáng theo số đo của khách để bàn kiểu trước khi may.`, msg`Lưu nhiều người mẫu trong kho ảnh và dùng lại cho mỗi bộ sưu tập.`],
  },
  examples: {
    eyebrow: msg`Ví dụ`,
    title: msg`Ba bộ thông số, ba người mẫu`,
    lead: msg`Dưới mỗi người mẫu là đúng thông số đã nhập.`,
    items: {
      petite: { title: msg`Nhỏ nhắn`, text: msg`Nữ, 155 cm, 47 kg, 24 tuổi, da sáng, dáng mảnh, khung 3:4, gợi ý “đồ màu be”.` },
      curvy: { title: msg`Đầy đặn`, text: msg`Nữ, 163 cm, 66 kg, 38 tuổi, da trung bình, dáng đầy đặn, khung 3:4, gợi ý “đồ màu xanh navy”.` },
      athletic: { title: msg`Thể thao`, text: msg`Nam, 176 cm, 72 kg, 29 tuổi, da rám nắng, dáng cân đối, khung 3:4, gợi ý “đồ màu xám”.` },
    },
    engineNote: msg`Nói thẳng về giới hạn: engine tích hợp sẵn vẽ một người mẫu cách điệu như ma-nơ-canh, không phải ảnh chụp người thật. Tỉ lệ cơ thể theo đúng thông số; từ phần gợi ý, nó chỉ đọc màu trang phục và độ dài tóc. Ảnh gương mặt, nếu có, được ghép vào phần đầu.`,
  },
  steps: {
    eyebrow: msg`Cách làm`,
    title: msg`Từ số đo đến người mẫu`,
    items: [
      { title: msg`Nhập thông số`, text: msg`Giới tính, chiều cao 140–210 cm, cân nặng 35–150 kg, tuổi 18–80, màu da và vóc dáng.` },
      { title: msg`Thêm gương mặt nếu muốn`, text: msg`Tải một ảnh chân dung để ghép vào người mẫu.` },
      { title: msg`Chọn khung ảnh`, text: msg`Vuông, dọc 3:4, 2:3, 9:16 hay ngang, hợp nơi bạn đăng.` },
      { title: msg`Dùng để thử đồ`, text: msg`Người mẫu nằm trong kho ảnh, chọn được ngay trong studio Thử đồ ảo.` },
    ],
  },
  cost: {
    eyebrow: msg`Chi phí`,
    title: msg`Một tín dụng mỗi người mẫu`,
    lead: msg`Lần tạo nào lỗi, tín dụng được hoàn lại tự động. Người mẫu đã tạo dùng lại bao nhiêu lần cũng được.`,
    columns: [msg`Lần tạo`, msg`Tín dụng`],
    rows: [
      { label: msg`Một người mẫu`, credits: <Plural value={perModel} other="# tín dụng" /> },
      { label: msg`Ba người mẫu như các ví dụ trên`, credits: <Plural value={3 * perModel} other="# tín dụng" /> },
    ],
  },
  faq: {
    eyebrow: msg`Hỏi đáp`,
    title: msg`Câu hỏi về tạo người mẫu`,
    items: [
      {
        question: msg`Vóc dáng mảnh, cân đối, đầy đặn khác nhau thế nào?`,
        answer: msg`Mảnh (ectomorph) là người gầy, tay chân thon; cân đối (mesomorph) vai rộng, eo gọn; đầy đặn (endomorph) eo, hông và tay chân đầy hơn.`,
      },
      {
        question: msg`Tôi có phải nhập đủ mọi thông số không?`,
        answer: msg`Có: giới tính, chiều cao, cân nặng, tuổi, màu da, vóc dáng và khung ảnh. Thiếu thông số nào, Atelier báo lại và không trừ tín dụng.`,
      },
      {
        question: msg`Người mẫu có dùng cho quảng cáo được không?`,
        answer: msg`Được. Người mẫu là ảnh của bạn trong kho ảnh, dùng cho gian hàng, quảng cáo hay lookbook.`,
      },
    ],
  },
  final: {
    title: msg`Tạo người mẫu đầu tiên cho gian hàng`,
    text: msg`Tài khoản mới có 5 tín dụng miễn phí — đủ cho năm người mẫu.`,
  },
  credit: msg`Các người mẫu trên trang do engine tích hợp sẵn tạo ra từ thông số, bằng script trong mã nguồn, không chỉnh sửa thêm; dành tặng phạm vi công cộng (CC0).`,
  creditLink: msg`Giấy phép và nguồn gốc ảnh`,
};

/** /services/body-generator: the body generator's landing page. */
export default function ServicesBodyGeneratorPage() {
  return <LandingPage name="body" copy={COPY} examples={BODY_GENERATOR_EXAMPLES} viewer={VIEWER} gallery studio="/body-generator" />;
}
