import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { LandingPage } from '../../landing/LandingPage.tsx';
import { compareViewer } from '../../landing/CompareSlider.tsx';
import { IMAGE_EDITING_EXAMPLES } from '../../landing/examples/image-editing.ts';
import type { LandingCopy } from '../../landing/types.ts';
import { CREDIT_COSTS } from '../pricing/credit-costs.ts';

const perImage = CREDIT_COSTS.editPerImage;

const VIEWER = compareViewer({ before: msg`Ảnh gốc`, after: msg`Đã chỉnh`, label: msg`Kéo để so sánh ảnh gốc và ảnh đã chỉnh`, inputs: msg`Ảnh đầu vào` });

/** The page's words (exported for the test that holds its examples' instructions to what the engine reads). */
export const COPY: LandingCopy = {
  eyebrow: msg`Chỉnh sửa ảnh`,
  title: msg`Sửa ảnh sản phẩm bằng một câu tiếng Việt`,
  lead: msg`Viết điều bạn muốn như khi nhắn cho thợ ảnh: “tăng sáng, ấm hơn một chút, xóa nền”. Atelier làm lần lượt từng việc, cho một ảnh hay cả loạt từ 2 đến 10 ảnh.`,
  price: <Plural value={perImage} other="# tín dụng cho mỗi ảnh" />,
  cta: msg`Mở studio chỉnh ảnh`,
  ctaNote: msg`Chưa đăng nhập? Atelier sẽ mời bạn đăng nhập hoặc tạo tài khoản (tặng 5 tín dụng) rồi đưa bạn thẳng vào studio.`,
  pricingLink: msg`Xem bảng giá`,
  heroCaption: msg`Kết quả thật của engine tích hợp sẵn trong Atelier với đúng câu lệnh bên dưới; ảnh gốc là hình minh họa tự vẽ, kết quả không chỉnh tay.`,
  audiences: {
    eyebrow: msg`Ai dùng`,
    title: msg`Ảnh chụp vội vẫn lên được gian hàng`,
    seller: msg`Cho người bán hàng online`,
    sellerPoints: [
      msg`Ảnh chụp cuối ngày bị tối, ám xanh: một câu lệnh là sáng và ấm trở lại.`,
      msg`Xóa nền để ảnh sản phẩm trên sàn đồng bộ một kiểu, đúng yêu cầu của nhiều sàn.`,
      msg`Sửa cả loạt 10 ảnh cùng một câu lệnh, hoặc ghép chúng thành một ảnh lưới.`,
    ],
    salon: msg`Cho salon và spa`,
    salonPoints: [
      msg`Ảnh trước và sau của khách đồng đều ánh sáng, đăng fanpage trông chuyên nghiệp hơn.`,
      msg`Cắt vuông, xoay, đổi kích thước cho đúng khung Instagram, Zalo hay TikTok.`,
      msg`Không cần Photoshop: ai trong tiệm cũng làm được.`,
    ],
  },
  examples: {
    eyebrow: msg`Ví dụ`,
    title: msg`Câu lệnh thật, kết quả thật`,
    lead: msg`Dưới mỗi ảnh là nguyên văn câu lệnh đã gửi. Kéo thanh trượt (hoặc dùng phím mũi tên) để so sánh.`,
    items: {
      product: {
        title: msg`Ảnh sản phẩm tối và lạnh`,
        text: msg`Bốn việc trong một câu: tăng sáng, ấm hơn nhẹ, màu tươi hơn, làm nét — 1 tín dụng.`,
        prompt: msg`Tăng sáng, ấm hơn một chút, màu tươi hơn và làm nét`,
      },
      handbag: { title: msg`Xóa nền túi xách`, text: msg`Nền trơn được xóa thành trong suốt (ô caro là phần trong suốt) — 1 tín dụng.`, prompt: msg`Xóa nền` },
    },
    engineNote: msg`Engine tích hợp sẵn hiểu một bộ từ khóa rõ ràng: sáng, tối, tương phản, màu tươi, ấm, lạnh, đen trắng, cổ điển, làm nét, làm mờ, cắt theo tỉ lệ, xoay, lật, xóa nền, đổi kích thước và ghép lưới. Trước khi trừ tín dụng, nó cho bạn biết phần nào của câu lệnh nó làm được và phần nào không, không đoán mò; xóa nền chỉ chạy trên ảnh nền trơn, và ảnh nào không tách được chủ thể thì lần tạo thất bại và được hoàn tín dụng.`,
  },
  steps: {
    eyebrow: msg`Cách làm`,
    title: msg`Từ ảnh gốc đến ảnh đăng bán`,
    items: [
      { title: msg`Tải ảnh lên`, text: msg`Một ảnh, hoặc từ 2 đến 10 ảnh để sửa cùng lúc. JPG, PNG hoặc WebP đến 10 MB.` },
      { title: msg`Viết câu lệnh`, text: msg`Tiếng Việt có dấu hay không dấu, hoặc tiếng Anh. Nhiều việc thì ngăn bằng dấu phẩy hoặc chữ “và”.` },
      { title: msg`Bấm tạo`, text: msg`Các việc được làm theo đúng thứ tự bạn viết, thường xong trong vài giây đến vài phút.` },
      { title: msg`So sánh và tải về`, text: msg`Xem trước và sau, tải về, hoặc sửa tiếp với một câu lệnh mới.` },
    ],
  },
  cost: {
    eyebrow: msg`Chi phí`,
    title: msg`Trả theo số ảnh`,
    lead: msg`Mỗi ảnh một tín dụng, dù câu lệnh có bao nhiêu việc. Lần tạo nào lỗi, tín dụng được hoàn lại tự động.`,
    columns: [msg`Lần tạo`, msg`Tín dụng`],
    rows: [
      { label: msg`1 ảnh`, credits: <Plural value={perImage} other="# tín dụng" /> },
      { label: msg`Loạt 10 ảnh`, detail: msg`cùng một câu lệnh, hoặc ghép thành một ảnh lưới`, credits: <Plural value={10 * perImage} other="# tín dụng" /> },
    ],
  },
  faq: {
    eyebrow: msg`Hỏi đáp`,
    title: msg`Câu hỏi về chỉnh sửa ảnh`,
    items: [
      {
        question: msg`Tôi viết câu lệnh thế nào cho đúng?`,
        answer: msg`Ngắn và cụ thể: “tăng sáng 20%, cắt vuông 1:1, xóa nền”. Thêm “một chút” để nhẹ tay, “rất” để mạnh tay. Nếu không có việc nào được hiểu, Atelier báo lại danh sách việc làm được và không trừ tín dụng.`,
      },
      {
        question: msg`Xóa nền có dùng được cho ảnh chụp ngoài đường không?`,
        answer: msg`Engine tích hợp sẵn xóa nền tốt nhất khi nền trơn một màu, như ảnh chụp trên tấm phông hay bàn trắng. Với nền nhiều chi tiết, hãy chụp lại trên nền trơn để có viền gọn.`,
      },
      {
        question: msg`Sửa nhiều ảnh một lúc thì sao?`,
        answer: msg`Chọn từ 2 đến 10 ảnh: mỗi ảnh được sửa theo cùng câu lệnh và trả về riêng. Viết thêm “ghép lưới” để gộp tất cả thành một ảnh.`,
      },
      { question: msg`Ảnh gốc có bị thay đổi không?`, answer: msg`Không. Ảnh gốc giữ nguyên trong kho ảnh; mỗi kết quả là một ảnh mới.` },
    ],
  },
  final: {
    title: msg`Sửa ảnh đầu tiên chỉ trong vài phút`,
    text: msg`Tài khoản mới có 5 tín dụng miễn phí — đủ sửa năm ảnh.`,
  },
  credit: msg`Ảnh ví dụ: hình minh họa do Atelier tự vẽ, dành tặng phạm vi công cộng (CC0); kết quả do engine tích hợp sẵn tạo ra bằng script trong mã nguồn, không chỉnh sửa thêm.`,
  creditLink: msg`Giấy phép và nguồn gốc ảnh`,
};

/** /services/image-editing: the image-editing landing page. */
export default function ServicesImageEditingPage() {
  return <LandingPage name="editing" copy={COPY} examples={IMAGE_EDITING_EXAMPLES} viewer={VIEWER} studio="/image-editing" transparent={['handbag']} />;
}
