import { msg } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { LandingPage } from '../../landing/LandingPage.tsx';
import { clipViewer } from '../../landing/ClipViewer.tsx';
import { IMAGE_TO_VIDEO_EXAMPLES } from '../../landing/examples/image-to-video.ts';
import type { LandingCopy } from '../../landing/types.ts';
import { SEEDANCE_PRICES } from './video-prices.ts';

const VIEWER = clipViewer({ after: msg`Clip 5 giây do Atelier tạo từ ảnh thử đồ áo dài`, inputs: msg`Ảnh đầu vào` });

/** The page's words (exported for the test that holds its examples' instructions to what the engine reads). */
export const COPY: LandingCopy = {
  eyebrow: msg`Ảnh thành video`,
  title: msg`Một ảnh tĩnh, một clip sẵn sàng để đăng`,
  lead: msg`Chọn một ảnh — ảnh sản phẩm, ảnh vừa thử đồ — và thời lượng 5, 8 hoặc 10 giây. Atelier dựng clip MP4 dọc hoặc ngang theo đúng khung ảnh, hợp cho Reels, TikTok và trang sản phẩm.`,
  price: <Plural value={SEEDANCE_PRICES['5s-480p']} other="Từ # tín dụng mỗi clip" />,
  cta: msg`Mở studio ảnh thành video`,
  ctaNote: msg`Chưa đăng nhập? Atelier sẽ mời bạn đăng nhập hoặc tạo tài khoản (tặng 5 tín dụng) rồi đưa bạn thẳng vào studio.`,
  pricingLink: msg`Xem bảng giá`,
  heroCaption: msg`Clip thật của engine tích hợp sẵn trong Atelier, làm từ ảnh kết quả ở trang Thử đồ ảo; không cắt ghép hay chỉnh tay.`,
  audiences: {
    eyebrow: msg`Ai dùng`,
    title: msg`Video cho mỗi sản phẩm, không cần quay`,
    seller: msg`Cho người bán hàng online`,
    sellerPoints: [
      msg`Mỗi sản phẩm có một clip ngắn cho TikTok Shop và Reels, làm từ ảnh bạn đã có.`,
      msg`Ảnh vừa thử đồ xong đem làm video ngay, không phải tải đi tải lại.`,
      msg`Clip dọc cho điện thoại, ngang cho trang web: theo đúng khung ảnh gốc.`,
    ],
    salon: msg`Cho salon và spa`,
    salonPoints: [msg`Biến ảnh kiểu tóc mới của khách thành clip đăng fanpage.`, msg`Làm video giới thiệu dịch vụ từ ảnh có sẵn của tiệm.`],
  },
  examples: {
    eyebrow: msg`Ví dụ`,
    title: msg`Từ ảnh thử đồ đến clip`,
    lead: msg`Ảnh đầu vào là kết quả thử áo dài ở trang Thử đồ ảo. Câu mô tả bên dưới chọn chuyển động máy quay.`,
    items: {
      'ao-dai': {
        title: msg`Áo dài, 5 giây, 480p`,
        text: msg`Clip 5 giây ở 480p với mô hình mặc định — 2 tín dụng.`,
        inputNames: [msg`Ảnh thử đồ`],
        prompt: msg`Phóng to chậm về phía người mẫu`,
      },
    },
    engineNote: msg`Nói thẳng về giới hạn: engine tích hợp sẵn không làm người trong ảnh cử động. Nó tạo chuyển động bằng một máy quay ảo — phóng to, thu nhỏ, lia ngang hay lia dọc trên ảnh — chọn theo câu mô tả của bạn, rồi xuất MP4 H.264.`,
  },
  steps: {
    eyebrow: msg`Cách làm`,
    title: msg`Ba lựa chọn, một clip`,
    items: [
      { title: msg`Chọn ảnh`, text: msg`Tải ảnh lên hoặc chọn một kết quả có sẵn trong kho ảnh.` },
      { title: msg`Chọn thời lượng và độ phân giải`, text: msg`5, 8 hoặc 10 giây; 480p hoặc 1080p, tùy mô hình.` },
      { title: msg`Mô tả chuyển động`, text: msg`Ví dụ “phóng to chậm”, “lia sang trái”. Không viết gì, Atelier tự chọn.` },
      { title: msg`Tải clip về`, text: msg`Clip MP4 phát được trên mọi điện thoại, đăng thẳng lên mạng xã hội.` },
    ],
  },
  cost: {
    eyebrow: msg`Chi phí`,
    title: msg`Giá theo độ dài và độ nét`,
    lead: msg`Giá của mô hình mặc định. Các mô hình cao cấp tốn nhiều hơn, studio luôn hiện giá trước khi bạn bấm tạo. Lần tạo nào lỗi, tín dụng được hoàn lại tự động.`,
    columns: [msg`Clip`, msg`Tín dụng`],
    rows: [
      { label: msg`5 giây, 480p`, credits: <Plural value={SEEDANCE_PRICES['5s-480p']} other="# tín dụng" /> },
      { label: msg`10 giây, 480p`, credits: <Plural value={SEEDANCE_PRICES['10s-480p']} other="# tín dụng" /> },
      { label: msg`5 giây, 1080p`, credits: <Plural value={SEEDANCE_PRICES['5s-1080p']} other="# tín dụng" /> },
      { label: msg`10 giây, 1080p`, credits: <Plural value={SEEDANCE_PRICES['10s-1080p']} other="# tín dụng" /> },
    ],
  },
  faq: {
    eyebrow: msg`Hỏi đáp`,
    title: msg`Câu hỏi về ảnh thành video`,
    items: [
      {
        question: msg`Clip có âm thanh không?`,
        answer: msg`Với mô hình hỗ trợ, bạn bật tùy chọn tạo âm thanh; engine tích hợp sẵn thêm một nền âm nhẹ. Mặc định clip không có tiếng để bạn tự ghép nhạc.`,
      },
      {
        question: msg`Clip có khung dọc cho TikTok không?`,
        answer: msg`Có. Clip giữ khung của ảnh gốc (trong khoảng 9:16 đến 16:9), nên ảnh dọc cho clip dọc.`,
      },
      { question: msg`Tạo một clip mất bao lâu?`, answer: msg`Thường dưới một phút với clip 5 giây. Bạn cứ làm việc khác, Atelier báo khi xong.` },
    ],
  },
  final: {
    title: msg`Biến ảnh đẹp nhất của bạn thành video`,
    text: msg`Tài khoản mới có 5 tín dụng miễn phí — đủ cho hai clip 5 giây.`,
  },
  credit: msg`Ví dụ: ảnh đầu vào là hình minh họa do Atelier tự vẽ qua công cụ thử đồ, dành tặng phạm vi công cộng (CC0); clip và ảnh bìa (khung hình đầu của clip) do engine tích hợp sẵn tạo ra bằng script trong mã nguồn, không chỉnh sửa thêm.`,
  creditLink: msg`Giấy phép và nguồn gốc ảnh`,
};

/** /services/image-to-video: the image-to-video landing page. */
export default function ServicesImageToVideoPage() {
  return <LandingPage name="video" copy={COPY} examples={IMAGE_TO_VIDEO_EXAMPLES} viewer={VIEWER} studio="/image-to-video" />;
}
