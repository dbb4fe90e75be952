import type { ComponentType, ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';

/** One shipped picture (public/examples/…), with its size in px for the img's width and height. */
export interface ExamplePicture {
  src: string;
  width: number;
  height: number;
}

/** A clip and its poster (the clip's first frame). */
export interface ExampleClip extends ExamplePicture {
  poster: string;
}

/** One example: the inputs shown as "before", the engine's result, and the parameters it was made with. */
export interface LandingExample {
  id: string;
  params: Readonly<Record<string, unknown>>;
  before: readonly ExamplePicture[];
  after: ExamplePicture | ExampleClip;
}

/** What a viewer is given of one example. */
export interface ResultProps {
  example: LandingExample;
  /** In the hero: fetched at once. Below the fold: fetched lazily. */
  hero: boolean;
  /** The result has transparency (a removed background). */
  transparent: boolean;
}

/**
 * How a page shows its examples' results: the original and the result under one slider, a clip,
 * or the result alone. Each kind is a module of its own (CompareSlider.tsx, ClipViewer.tsx,
 * StillViewer.tsx) that a page imports and builds with its own words, so a page loads only the
 * viewer it uses and its catalog holds only the labels that viewer shows.
 */
export interface LandingViewer {
  Result: ComponentType<ResultProps>;
  /** Above an example's inputs (its "before" pictures) in the example's card; without it, the card shows none. */
  inputs?: MessageDescriptor;
}

/**
 * Every word a landing page shows, written in the page's own folder: the template has no
 * message of its own, so the page's text lands in the page's catalog and not in `site`, which
 * every public page loads.
 */
export interface LandingCopy {
  eyebrow: MessageDescriptor;
  title: MessageDescriptor;
  lead: MessageDescriptor;
  /** The price in one short line, e.g. "1 tín dụng mỗi món đồ". */
  price: ReactNode;
  cta: MessageDescriptor;
  /** Under the call: what a visitor who is signed out will see. */
  ctaNote: MessageDescriptor;
  pricingLink: MessageDescriptor;
  /** Under the hero example: where it comes from. */
  heroCaption: MessageDescriptor;
  audiences: {
    eyebrow: MessageDescriptor;
    title: MessageDescriptor;
    seller: MessageDescriptor;
    sellerPoints: MessageDescriptor[];
    salon: MessageDescriptor;
    salonPoints: MessageDescriptor[];
  };
  examples: {
    eyebrow: MessageDescriptor;
    title: MessageDescriptor;
    lead: MessageDescriptor;
    /** By example id. */
    items: Record<
      string,
      {
        title: MessageDescriptor;
        text: MessageDescriptor;
        inputNames?: MessageDescriptor[];
        /**
         * The example's instruction in the page's language: in Vietnamese word for word the
         * `prompt` it was made with, in English one the built-in engine reads the same way
         * (landing/example-prompts.test.ts holds both). Without it, the prompt shows as sent.
         */
        prompt?: MessageDescriptor;
      }
    >;
    /** What the built-in engine does and does not do, in plain words. */
    engineNote: MessageDescriptor;
  };
  steps: { eyebrow: MessageDescriptor; title: MessageDescriptor; items: Array<{ title: MessageDescriptor; text: MessageDescriptor }> };
  cost: {
    eyebrow: MessageDescriptor;
    title: MessageDescriptor;
    lead: MessageDescriptor;
    columns: [MessageDescriptor, MessageDescriptor];
    rows: Array<{ label: MessageDescriptor; detail?: MessageDescriptor; credits: ReactNode }>;
  };
  faq: { eyebrow: MessageDescriptor; title: MessageDescriptor; items: Array<{ question: MessageDescriptor; answer: MessageDescriptor }> };
  final: { title: MessageDescriptor; text: MessageDescriptor };
  /** The pictures' licence and origin, with a link to public/examples/LICENSE.md. */
  credit: MessageDescriptor;
  creditLink: MessageDescriptor;
}
