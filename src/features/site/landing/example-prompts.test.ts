import * as v from 'valibot';
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { GenerationRequestSchema } from '../../../contract/generations.schema.ts';
import { fold } from '../../../contract/edit-vocabulary.ts';
import { CAMERA_WORDS, localEnginePlan } from '../../../contract/local-engine-plan.ts';
import { messages as enEditing } from '../../../locales/en/pages/services-image-editing.po';
import { messages as viEditing } from '../../../locales/vi/pages/services-image-editing.po';
import { messages as enHair } from '../../../locales/en/pages/services-hairstyle-changer.po';
import { messages as viHair } from '../../../locales/vi/pages/services-hairstyle-changer.po';
import { messages as enVideo } from '../../../locales/en/pages/services-image-to-video.po';
import { messages as viVideo } from '../../../locales/vi/pages/services-image-to-video.po';
import { COPY as EDITING_COPY } from '../pages/services-image-editing/ServicesImageEditingPage.tsx';
import { COPY as HAIR_COPY } from '../pages/services-hairstyle-changer/ServicesHairstyleChangerPage.tsx';
import { COPY as VIDEO_COPY } from '../pages/services-image-to-video/ServicesImageToVideoPage.tsx';
import { HAIRSTYLE_CHANGER_EXAMPLES } from './examples/hairstyle-changer.ts';
import { IMAGE_EDITING_EXAMPLES } from './examples/image-editing.ts';
import { IMAGE_TO_VIDEO_EXAMPLES } from './examples/image-to-video.ts';
import type { LandingCopy, LandingExample } from './types.ts';

const VIETNAMESE_LETTERS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

/** The landing pages whose examples were made from an instruction, with the inputs such a request has. */
/** The camera move a video prompt names: the first of the contract's camera words it holds, as the engine reads them. */
const cameraMove = (prompt: string) => CAMERA_WORDS.find(([pattern]) => pattern.test(fold(prompt)))?.[1] ?? null;

const PAGES: Array<{ feature: string; inputs: Record<string, unknown>; copy: LandingCopy; examples: readonly LandingExample[]; vi: Messages; en: Messages }> = [
  { feature: 'image-editing', inputs: { images: ['a'] }, copy: EDITING_COPY, examples: IMAGE_EDITING_EXAMPLES, vi: viEditing, en: enEditing },
  { feature: 'hairstyle-changer', inputs: { image: 'a', mask: 'm' }, copy: HAIR_COPY, examples: HAIRSTYLE_CHANGER_EXAMPLES, vi: viHair, en: enHair },
  { feature: 'image-to-video', inputs: { image: 'a' }, copy: VIDEO_COPY, examples: IMAGE_TO_VIDEO_EXAMPLES, vi: viVideo, en: enVideo },
];

describe("the landing pages' example instructions", () => {
  for (const page of PAGES) {
    const vi = setupI18n({ locale: 'vi', messages: { vi: page.vi } });
    const en = setupI18n({ locale: 'en', messages: { en: page.en } });

    for (const example of page.examples.filter((each) => typeof each.params.prompt === 'string')) {
      it(`${page.feature} “${String(example.params.prompt)}”: the one sent in Vietnamese, one the engine reads the same way in English`, () => {
        const sent = String(example.params.prompt);
        const shown = page.copy.examples.items[example.id]?.prompt;
        expect(shown, 'the example has an instruction in the page’s words').toBeDefined();
        expect(vi._(shown!)).toBe(sent);
        const english = en._(shown!);
        expect(english).not.toBe(sent);
        expect(english).not.toMatch(VIETNAMESE_LETTERS);
        const plan = (prompt: string) =>
          localEnginePlan(v.parse(GenerationRequestSchema, { feature: page.feature, inputs: page.inputs, params: { ...example.params, prompt } }));
        // What the built-in engine does of each, item by item, in the same order, and the same camera move.
        expect(plan(english)).toEqual(plan(sent));
        expect(plan(english).done.length).toBeGreaterThan(0);
        expect(cameraMove(english)).toBe(cameraMove(sent));
      });
    }
  }
});
