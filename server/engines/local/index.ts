/**
 * The `local` engine: every tool done on this machine with sharp (libvips) and the bundled
 * ffmpeg, deterministic and honest about what it is. Each result's metadata names
 * `engine: 'local'` and what was done; where the local engine cannot do what a generative model
 * would (re-drape a garment, reshape hair, animate a person), the metadata's `notes` say so.
 *
 * One module per tool:
 * - ./tryon.ts            virtual try-on (pose and person mask, cut-out, mesh warp per category, shading)
 * - ./image-editing.ts    instruction → edits (vocabulary in ./edit-vocabulary.ts), grids
 * - ./body-generator.ts   rendered figure from body parameters, a face photo placed by its landmarks (./face-overlay.ts)
 * - ./hairstyle.ts        hair recolour inside the brush mask, limited to the hair (./hair-mask.ts, also the studio's proposed mask)
 * - ./image-to-video.ts   camera moves over the still, optional ambient audio
 * - ./upscaler-image.ts   lanczos + sharpening, subject and face options
 * - ./upscaler-video.ts   scale, fps conversion, H.265 / H.264
 */
import type { Feature } from '../../../src/contract/tools.ts';
import { localEnginePlan, localEnginePrerequisite } from '../../../src/contract/local-engine-plan.ts';
import type { Logger } from '../../logger.ts';
import { EngineError, type Engine, type EngineRequest, type EngineResult } from '../types.ts';
import { modelRuntime } from './models/client.ts';
import { runBodyGenerator } from './body-generator.ts';
import { FFMPEG_PATH } from '../../ffmpeg/process.ts';
import { runHairstyle } from './hairstyle.ts';
import { runImageEditing } from './image-editing.ts';
import { runImageToVideo } from './image-to-video.ts';
import { runTryOn } from './tryon.ts';
import { runUpscaleImage } from './upscaler-image.ts';
import { runUpscaleVideo } from './upscaler-video.ts';

export interface LocalEngineOptions {
  /** The ffmpeg binary (default: the bundled @ffmpeg-installer build). */
  ffmpegPath?: string;
  /** Where the model runtime logs each model's load time. */
  logger?: Logger;
  /** The ISNet add-on's folder when it is turned on (CUTOUT_ADDON=isnet). */
  isnetDir?: string | null;
}

export function createLocalEngine(options: LocalEngineOptions = {}): Engine {
  // The process's one model thread (./models/client.ts), started on a tool's first model call.
  modelRuntime(options.logger, { isnetDir: options.isnetDir ?? null });
  const video = { ffmpegPath: options.ffmpegPath ?? FFMPEG_PATH };
  const dispatch = (request: EngineRequest): Promise<EngineResult> => {
    // `request.job.feature` decides which inputs and params the request carries.
    switch (request.job.feature) {
      case 'virtual-tryon':
        return runTryOn(request as EngineRequest<'virtual-tryon'>);
      case 'image-editing':
        return runImageEditing(request as EngineRequest<'image-editing'>);
      case 'body-generator':
        return runBodyGenerator(request as EngineRequest<'body-generator'>);
      case 'hairstyle-changer':
        return runHairstyle(request as EngineRequest<'hairstyle-changer'>);
      case 'image-to-video':
        return runImageToVideo(request as EngineRequest<'image-to-video'>, video);
      case 'upscaler-image':
        return runUpscaleImage(request as EngineRequest<'upscaler-image'>);
      case 'upscaler-video':
        return runUpscaleVideo(request as EngineRequest<'upscaler-video'>, video);
    }
  };
  return {
    name: 'local',
    supports: (_feature: Feature) => true,
    plan: (request) => {
      const missing = localEnginePrerequisite(request);
      return missing ? { missing } : localEnginePlan(request);
    },
    async run<F extends Feature>(request: EngineRequest<F>): Promise<EngineResult> {
      request.signal.throwIfAborted();
      try {
        const result = await dispatch(request as unknown as EngineRequest);
        request.signal.throwIfAborted();
        return result;
      } catch (error) {
        // A cancellation keeps its reason; anything unexpected (an undecodable file, a codec
        // failure) becomes the generic failure message, its cause kept for the log.
        if (request.signal.aborted || error instanceof EngineError) throw error;
        throw new EngineError('failedToProcess', { cause: error });
      }
    },
  };
}
