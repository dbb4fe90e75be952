import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport, createSmtpTransport, listOutbox, type OutgoingMail } from './transport.ts';

const PDF = Buffer.from('%PDF-1.7\nan attached file\n%%EOF\n');

const mail = (): OutgoingMail => ({
  kind: 'contact',
  to: 'support@example.com',
  subject: 'A message with a file',
  text: 'See the file.',
  html: '<p>See the file.</p>',
  replyTo: 'lan@example.com',
  attachments: [{ filename: 'hoá đơn.pdf', contentType: 'application/pdf', bytes: PDF.length, open: async () => Readable.from([PDF]) }],
});

/** A minimal SMTP server: says yes to everything and keeps each message's DATA. */
function smtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, messages })));
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-transport-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('attachments', () => {
  it('the outbox keeps what the files are (name, type, size), not their bytes', async () => {
    await createOutboxTransport(dir).send(mail(), new Date());
    const [written] = await listOutbox(dir);
    expect(written?.attachments).toEqual([{ filename: 'hoá đơn.pdf', contentType: 'application/pdf', bytes: PDF.length }]);
    expect(JSON.stringify(written)).not.toContain('an attached file');
  });

  it('SMTP sends the files themselves, with the reply-to address', async () => {
    const sink = await smtpSink();
    try {
      await createSmtpTransport({ url: `smtp://127.0.0.1:${sink.port}`, from: 'Atelier <no-reply@atelier.local>' }).send(mail(), new Date());
      const [message = ''] = sink.messages;
      expect(message).toMatch(/^Reply-To: lan@example\.com\r$/im);
      expect(message).toMatch(/Content-Type: application\/pdf/i);
      expect(message).toContain(PDF.toString('base64'));
    } finally {
      sink.server.close();
    }
  });
});
