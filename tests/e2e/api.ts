import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { sceneSvg } from '../fixtures/engines/images.ts';
import { expect } from './fixtures.ts';
import type { TestUser } from './session.ts';
import { distinctPng } from '../fixtures/distinct-png.ts';

/** The API as one test user, for suites that prepare jobs and assets without the UI. */

/** A local job takes a few seconds; other suites' jobs share the server's queue. */
export const RESULT_TIMEOUT_MS = 60_000;

export const BODY_PARAMS = { gender: 'female', height: 168, weight: 58, age: 28, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '2:3' } as const;

export interface Job {
  id: string;
  status: string;
  feature: string;
}

export class Api {
  private readonly request: APIRequestContext;
  private readonly user: TestUser;

  constructor(request: APIRequestContext, user: TestUser) {
    this.request = request;
    this.user = user;
  }

  private get headers() {
    return { Authorization: `Bearer ${this.user.token}` };
  }

  async grant(amount: number) {
    const response = await this.request.post('/api/dev-tools/credits', { data: { email: this.user.email, amount } });
    expect(response.ok()).toBe(true);
  }

  /** Puts the account on a plan through the dev tools (no payment), for the paid options' tests. */
  async setPlan(plan: 'free' | 'basic' | 'starter' | 'pro' | 'professional' | 'premium' | 'enterprise') {
    const response = await this.request.post('/api/dev-tools/plan', { data: { email: this.user.email, plan } });
    expect(response.ok()).toBe(true);
  }

  async engineDelay(ms: number) {
    const response = await this.request.post('/api/dev-tools/engine-delay', { data: { email: this.user.email, ms } });
    expect(response.ok()).toBe(true);
  }

  async upload(name: string, width: number, height: number): Promise<string> {
    // A file of its own per name: the same bytes twice would be one asset (docs/product-rules.md#upload-dedupe).
    const buffer = distinctPng(
      await sharp(Buffer.from(sceneSvg(width, height)))
        .png()
        .toBuffer(),
      name,
    );
    const response = await this.request.post('/api/media', {
      headers: this.headers,
      multipart: { file: { name, mimeType: 'image/png', buffer }, purpose: 'input', role: 'image' },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  async submit(data: unknown): Promise<Job> {
    const response = await this.request.post('/api/generations', { headers: { ...this.headers, 'Idempotency-Key': crypto.randomUUID() }, data });
    expect(response.status()).toBe(202);
    return (await response.json()) as Job;
  }

  body(height: number = BODY_PARAMS.height) {
    return this.submit({ feature: 'body-generator', inputs: {}, params: { ...BODY_PARAMS, height } });
  }

  async video() {
    const image = await this.upload('canh.png', 1280, 720);
    // The built-in engine records the model and does not run it: accepted as not done (docs/product-rules.md#engine-plan).
    return this.submit({
      feature: 'image-to-video',
      inputs: { image },
      params: { model: 'seedance-v1', duration: 5, resolution: '480p' },
      accept_not_done: ['videoModelNotRun'],
    });
  }

  /**
   * A background removal on a busy scene: the built-in engine cannot tell the subject from it, so
   * the job fails with `backgroundNotRemoved` (credits refunded). An instruction it does not
   * understand is refused before any job (docs/product-rules.md#engine-plan).
   */
  async failedEdit() {
    const image = await this.upload('anh-sua.png', 640, 480);
    return this.submit({ feature: 'image-editing', inputs: { images: [image] }, params: { prompt: 'xóa nền' } });
  }

  async waitFor(job: Job, status: string) {
    await expect
      .poll(async () => ((await (await this.request.get(`/api/generations/${job.id}`, { headers: this.headers })).json()) as Job).status, {
        timeout: RESULT_TIMEOUT_MS,
      })
      .toBe(status);
  }
}
