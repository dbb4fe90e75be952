import { lazy } from 'react';
import type { Asset } from '../../contract/media.schema.ts';
import { withScreenCatalogs } from '../../lib/i18n-app.ts';

/**
 * The assets dialogs as the screens open them: each one's code, and the messages of all three
 * (the asset-dialogs catalog), load the first time one opens, so no screen pays for them before.
 */
export const LazyReviewDialog = lazy(
  withScreenCatalogs(() => import('./review/ReviewDialog.tsx').then((module) => ({ default: module.ReviewDialog<Asset> })), 'asset-dialogs'),
);
export const LazyDownloadDialog = lazy(
  withScreenCatalogs(() => import('./download/DownloadDialog.tsx').then((module) => ({ default: module.DownloadDialog })), 'asset-dialogs'),
);
export const LazyAssetsPicker = lazy(
  withScreenCatalogs(() => import('./picker/AssetsPicker.tsx').then((module) => ({ default: module.AssetsPicker })), 'asset-dialogs'),
);
