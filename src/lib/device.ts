import { useEffect, useState } from 'react';

/** Device info (docs/product-rules.md#device-info). */
export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  screenWidth: number;
  screenHeight: number;
  userAgent: string;
  deviceType: 'mobile' | 'tablet' | 'desktop';
  hasTouch: boolean;
}

/** docs/product-rules.md#screen-widths: mobile below 768 px, tablet from 768 px, desktop from 1024 px. */
export const TABLET_MIN_WIDTH_PX = 768;
export const DESKTOP_MIN_WIDTH_PX = 1024;
/** docs/product-rules.md#screen-widths: device type is recomputed on resize, debounced by 150 ms. */
export const RESIZE_DEBOUNCE_MS = 150;

const PHONE_UA = /iPhone|iPod|Android.+Mobile|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;
const TABLET_UA = /iPad|Android(?!.*Mobile)|Tablet|Silk|Kindle/i;

export interface DeviceInput {
  width: number;
  height: number;
  userAgent: string;
  maxTouchPoints: number;
  coarsePointer: boolean;
}

/** Pure classification, unit-tested. */
export function classifyDevice(input: DeviceInput): DeviceInfo {
  const { width, height, userAgent, maxTouchPoints, coarsePointer } = input;
  const hasTouch = maxTouchPoints > 0 || coarsePointer;
  // iPadOS reports a desktop Safari user agent; a Mac with a touch screen is an iPad.
  const isIpadDesktopUa = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  let deviceType: DeviceInfo['deviceType'];
  if (PHONE_UA.test(userAgent)) {
    // A phone held sideways is still a phone, whatever its width.
    deviceType = 'mobile';
  } else if (TABLET_UA.test(userAgent) || isIpadDesktopUa) {
    // A wide iPad counts as a tablet (docs/product-rules.md#screen-widths); a tablet in a narrow split view is a phone-size window.
    deviceType = width >= TABLET_MIN_WIDTH_PX ? 'tablet' : 'mobile';
  } else if (width < TABLET_MIN_WIDTH_PX) {
    deviceType = 'mobile';
  } else if (width < DESKTOP_MIN_WIDTH_PX) {
    deviceType = 'tablet';
  } else {
    deviceType = 'desktop';
  }
  return {
    isMobile: deviceType === 'mobile',
    isTablet: deviceType === 'tablet',
    isDesktop: deviceType === 'desktop',
    screenWidth: width,
    screenHeight: height,
    userAgent,
    deviceType,
    hasTouch,
  };
}

function readDevice(): DeviceInfo {
  return classifyDevice({
    width: window.innerWidth,
    height: window.innerHeight,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
  });
}

/** What the pre-renderer assumes: public pages render the same on every device. */
export const SERVER_DEVICE: DeviceInfo = classifyDevice({
  width: 1280,
  height: 800,
  userAgent: '',
  maxTouchPoints: 0,
  coarsePointer: false,
});

/** Current device, recomputed on resize (debounced) and on orientation change. */
export function useDeviceInfo(): DeviceInfo {
  const [device, setDevice] = useState<DeviceInfo>(() => (typeof window === 'undefined' ? SERVER_DEVICE : readDevice()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setDevice(readDevice());
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', update);
    screen.orientation?.addEventListener?.('change', update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', update);
      screen.orientation?.removeEventListener?.('change', update);
    };
  }, []);
  return device;
}
