import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { LandingPage } from '../../landing/LandingPage.tsx';
import { compareViewer } from '../../landing/CompareSlider.tsx';
import { VIRTUAL_TRYON_EXAMPLES } from '../../landing/examples/virtual-tryon.ts';
import type { LandingCopy } from '../../landing/types.ts';
import { CREDIT_COSTS } from '../pricing/credit-costs.ts';

const perGarment = CREDIT_COSTS.tryOnPerGarment;

const VIEWER = compareViewer({ before: msg`Ảnh gốc`, after: msg`Đã thử đồ`, label: msg`Kéo để so sánh ảnh gốc và ảnh đã thử đồ`, inputs: msg`Ảnh đầu vào` });

const COPY: LandingCopy = {
  eyebrow: msg`Thử đồ ảo`,
  title: msg`Mặc thử cả bộ đồ lên người mẫu, không cần chụp lại`,
  lead: msg`Tải một ảnh người mẫu và ảnh chụp phẳng của món đồ — áo, quần, váy, áo dài hay áo khoác. Atelier đặt từng món lên đúng vùng cơ thể, phối tối đa 5 món trong một lần tạo.`,
  price: <Plural value={perGarment} other="# tín dụng cho mỗi món đồ" />,
  cta: msg`Mở studio thử đồ`,
  ctaNote: msg`Chưa đăng nhập? Atelier sẽ mời bạn đăng nhập hoặc tạo tài khoản (tặng 5 tín dụng) rồi đưa bạn thẳng vào studio.`,
  pricingLink: msg`Xem bảng giá`,
  heroCaption: msg`Kết quả thật của engine tích hợp sẵn trong Atelier: người mẫu và trang phục là hình minh họa tự vẽ, ảnh kết quả giữ nguyên, không chỉnh tay.`,
  audiences: {
    eyebrow: msg`Ai dùng`,
    title: msg`Một ảnh người mẫu, cả bộ sưu tập lên hình`,
    seller: msg`Cho người bán hàng online`,
    sellerPoints: [
      msg`Hàng mới về buổi sáng, chiều đã có ảnh mặc thử để đăng Shopee, TikTok Shop hay fanpage.`,
      msg`Giữ một người mẫu cho cả gian hàng, ảnh đồng bộ từ áo thun đến áo dài.`,
      msg`Phối áo với quần, váy với áo khoác để khách thấy cả set thay vì từng món rời.`,
    ],
    salon: msg`Cho salon, tiệm may và studio`,
    salonPoints: [
      msg`Tiệm may áo dài cho khách xem mẫu vải mới lên dáng trước khi cắt.`,
      msg`Studio cưới, studio chụp ảnh gửi khách bản phối trang phục để chọn trước buổi chụp.`,
      msg`Không cần kỹ năng thiết kế: chọn ảnh, chọn loại đồ, bấm tạo.`,
    ],
  },
  examples: {
    eyebrow: msg`Ví dụ`,
    title: msg`Hai bộ đồ, cùng một người mẫu`,
    lead: msg`Mỗi ví dụ là một lần tạo thật: ảnh đầu vào bên dưới, kết quả trong khung so sánh. Kéo thanh trượt (hoặc dùng phím mũi tên) để xem trước và sau.`,
    items: {
      'ao-dai': {
        title: msg`Áo dài hồng với quần lụa`,
        text: msg`Hai món đồ: áo dài (loại “váy liền”) và quần lụa (loại “quần”) — 2 tín dụng.`,
        inputNames: [msg`Người mẫu`, msg`Áo dài`, msg`Quần lụa`],
      },
      shirt: {
        title: msg`Sơ mi linen với quần kaki`,
        text: msg`Hai món đồ: sơ mi (loại “áo”) và quần kaki (loại “quần”) — 2 tín dụng.`,
        inputNames: [msg`Người mẫu`, msg`Sơ mi`, msg`Quần kaki`],
      },
    },
    engineNote: msg`Nói thẳng về giới hạn: engine tích hợp sẵn cắt món đồ khỏi nền, tìm dáng người trên ảnh nền trơn rồi đặt món đồ phẳng lên đúng vùng cơ thể, đổ bóng theo ánh sáng của ảnh. Nó không tạo nếp vải mới và không đổi tư thế tay áo, nên ảnh người mẫu đứng thẳng trên nền trơn cho kết quả tốt nhất.`,
  },
  steps: {
    eyebrow: msg`Cách làm`,
    title: msg`Bốn bước, khoảng một phút`,
    items: [
      { title: msg`Chọn người mẫu`, text: msg`Tải ảnh toàn thân trên nền trơn, hoặc dùng người mẫu bạn đã tạo bằng công cụ Tạo người mẫu.` },
      { title: msg`Thêm món đồ`, text: msg`Tải ảnh chụp phẳng của từ 1 đến 5 món và chọn loại cho từng món: áo, quần, váy liền hay áo khoác.` },
      { title: msg`Bấm tạo`, text: msg`Atelier xếp lớp đúng thứ tự — quần, váy, áo rồi áo khoác — và báo khi xong.` },
      { title: msg`Tải về hoặc dùng tiếp`, text: msg`Tải ảnh về, hoặc đưa thẳng sang công cụ Ảnh thành video hay Làm nét ảnh.` },
    ],
  },
  cost: {
    eyebrow: msg`Chi phí`,
    title: msg`Trả theo số món đồ`,
    lead: msg`Tín dụng được giữ khi bạn bấm tạo và chỉ bị trừ khi có kết quả; lần tạo nào lỗi, tín dụng được hoàn lại tự động.`,
    columns: [msg`Lần tạo`, msg`Tín dụng`],
    rows: [
      { label: msg`1 món đồ`, credits: <Plural value={perGarment} other="# tín dụng" /> },
      { label: msg`Bộ 2 món (như các ví dụ trên)`, credits: <Plural value={2 * perGarment} other="# tín dụng" /> },
      { label: msg`Tối đa 5 món`, credits: <Plural value={5 * perGarment} other="# tín dụng" /> },
    ],
  },
  faq: {
    eyebrow: msg`Hỏi đáp`,
    title: msg`Câu hỏi về thử đồ ảo`,
    items: [
      {
        question: msg`Ảnh người mẫu cần như thế nào?`,
        answer: msg`Một người, đứng thẳng, thấy toàn thân, trên nền trơn một màu. Ảnh JPG, PNG hoặc WebP đến 10 MB. Nếu không tìm thấy người trong ảnh, Atelier báo lỗi và hoàn tín dụng.`,
      },
      {
        question: msg`Ảnh món đồ chụp sao cho đẹp?`,
        answer: msg`Trải phẳng hoặc treo trên nền trắng hay nền trơn, thấy trọn món đồ, không bị che. Ảnh đã tách nền (PNG trong suốt) cũng dùng được.`,
      },
      {
        question: msg`Tôi có dùng người mẫu ảo được không?`,
        answer: msg`Được. Người mẫu tạo bằng công cụ Tạo người mẫu nằm sẵn trong kho ảnh và chọn được ngay ở bước đầu tiên.`,
      },
      {
        question: msg`Ảnh kết quả có thuộc về tôi không?`,
        answer: msg`Có. Kết quả nằm trong kho ảnh của riêng bạn; bạn tải về và dùng cho gian hàng, quảng cáo hay gửi khách.`,
      },
    ],
  },
  final: {
    title: msg`Thử bộ đồ đầu tiên của bạn`,
    text: msg`Tài khoản mới có 5 tín dụng miễn phí — đủ cho năm món đồ.`,
  },
  credit: msg`Ảnh ví dụ: hình minh họa do Atelier tự vẽ, dành tặng phạm vi công cộng (CC0); kết quả do engine tích hợp sẵn tạo ra bằng script trong mã nguồn, không chỉnh sửa thêm.`,
  creditLink: msg`Giấy phép và nguồn gốc ảnh`,
};

/** /services/virtual-tryon: the try-on landing page. */
export default function ServicesVirtualTryonPage() {
  return <LandingPage name="tryon" copy={COPY} examples={VIRTUAL_TRYON_EXAMPLES} viewer={VIEWER} studio="/virtual-tryon" />;
}
