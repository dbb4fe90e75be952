import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { solveChallenge } from '../../server/contact/pow.ts';

/**
 * The contact page against the real server (docs/product-rules.md#contact): the pricing page's
 * "book a demo" topic arrives preselected; a fifth file and a renamed executable are refused at
 * once with their messages; four PNG/JPG/PDF files go through with the proof of work the browser
 * solves, and both mails land in the outbox (support's with the four files, the sender's
 * confirmation in Vietnamese, without them). The server refuses the renamed executable too.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(256, 9)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows program's first bytes, under a PDF's name. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  attachments?: Array<{ filename: string; contentType: string; bytes: number }>;
}

async function mailsAbout(request: APIRequestContext, reference: string): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-tools/outbox')).json()) as { mails: OutboxMail[] };
      found = mails.filter((mail) => mail.subject.includes(reference));
      return found.length;
    })
    .toBe(2);
  return found;
}

test('four files go through with the proof of work; a fifth and a renamed executable are refused with their messages; both mails are sent', async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = `contact-${Date.now()}@example.com`;
  await page.goto('/contact?topic=business');
  await expect(page.getByLabel('Chủ đề')).toHaveValue('business');

  // Sending an empty form: each field says what it needs, and the focus goes to the first.
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('field-error-first_name')).toHaveText('Vui lòng nhập tên của bạn.');
  await expect(page.getByTestId('field-error-email')).toHaveText('Vui lòng nhập email hợp lệ, ví dụ ban@vidu.vn.');
  await expect(page.getByLabel('Tên', { exact: true })).toBeFocused();
  await page.getByLabel('Số điện thoại (không bắt buộc)').fill('12345');
  await page.getByLabel('Số điện thoại (không bắt buộc)').blur();
  await expect(page.getByTestId('field-error-phone')).toHaveText('Số điện thoại chưa đúng: số Việt Nam như 0912 345 678, hoặc số quốc tế bắt đầu bằng +.');

  await page.getByLabel('Tên', { exact: true }).fill('Minh Anh');
  await page.getByLabel('Họ', { exact: true }).fill('Trần');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Số điện thoại (không bắt buộc)').fill('0912 345 678');
  await page.getByLabel('Mô tả').fill('Chúng tôi muốn đặt lịch demo gói Enterprise cho chuỗi 12 cửa hàng thời trang.');

  const input = page.getByTestId('contact-files-input');
  const chosen = page.getByTestId('contact-files').getByRole('listitem');
  await input.setInputFiles([
    { name: 'mau-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'mau-2.jpg', mimeType: 'image/jpeg', buffer: JPG },
    { name: 'bao-gia.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'hoa-don.pdf', mimeType: 'application/pdf', buffer: EXE },
  ]);
  await expect(chosen).toHaveCount(3);
  await expect(page.getByTestId('field-error-files')).toHaveText('“hoa-don.pdf” không phải là tệp PNG, JPG hoặc PDF.');

  await input.setInputFiles([{ name: 'mau-3.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(chosen).toHaveCount(4);
  await expect(page.getByTestId('field-error-files')).toBeHidden();
  await input.setInputFiles([{ name: 'mau-5.jpg', mimeType: 'image/jpeg', buffer: JPG }]);
  await expect(page.getByTestId('field-error-files')).toHaveText('Bạn chỉ có thể đính kèm tối đa 4 tệp.');
  await expect(chosen).toHaveCount(4);

  // One removed by its button, then put back: the list is what is sent.
  await page.getByRole('button', { name: 'Bỏ tệp mau-3.png' }).click();
  await expect(chosen).toHaveCount(3);
  await input.setInputFiles([{ name: 'mau-4.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(chosen).toHaveCount(4);

  // The proof of work started on the first focus and ran while the form was filled.
  await expect(page.getByTestId('contact-pow')).toHaveAttribute('data-state', /working|ready/);
  await page.getByTestId('contact-submit').click();
  const sent = page.getByTestId('contact-sent');
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await expect(sent.getByRole('heading')).toBeFocused();
  const reference = (await page.getByTestId('contact-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^LH-[2-9A-Z]{8}$/);

  const mails = await mailsAbout(request, reference);
  const support = mails.find((mail) => mail.kind === 'contact');
  const confirmation = mails.find((mail) => mail.kind === 'contact-confirmation');
  expect(support?.to).toBe('hello@atelier.vn');
  expect(support?.text).toContain(email);
  expect(support?.text).toContain('Hợp tác kinh doanh');
  expect(support?.attachments?.map((file) => file.filename)).toEqual(['mau-1.png', 'mau-2.jpg', 'bao-gia.pdf', 'mau-4.png']);
  expect(confirmation?.to).toBe(email);
  expect(confirmation?.subject).toBe(`Atelier đã nhận yêu cầu ${reference} của bạn`);
  expect(confirmation?.attachments).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});

test('the server refuses a renamed executable by its content, naming it', async ({ request }) => {
  const challenge = (await (await request.get('/api/contact/challenge')).json()) as { challenge: string; salt: string; difficulty: number };
  const response = await request.post('/api/contact', {
    multipart: {
      first_name: 'Lan',
      last_name: 'Phạm',
      email: `exe-${Date.now()}@example.com`,
      topic: 'support',
      description: 'Tệp hóa đơn đính kèm không mở được, nhờ kiểm tra giúp.',
      language: 'vi',
      pow_challenge: challenge.challenge,
      pow_nonce: solveChallenge(challenge.salt, challenge.difficulty),
      files: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE },
    },
  });
  expect(response.status()).toBe(422);
  expect(await response.json()).toMatchObject({
    code: 'invalidFileType',
    detail: '“invoice.pdf” is not a PNG, JPG or PDF file. Please attach PNG, JPG or PDF files only.',
  });
});
