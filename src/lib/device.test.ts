import { describe, expect, it } from 'vitest';
import { classifyDevice, type DeviceInput } from './device.ts';

const desktopUa = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const iphoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ipadDesktopUa = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const androidTabletUa = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

const input = (over: Partial<DeviceInput>): DeviceInput => ({
  width: 1280,
  height: 800,
  userAgent: desktopUa,
  maxTouchPoints: 0,
  coarsePointer: false,
  ...over,
});

describe('classifyDevice', () => {
  it('uses the widths of the product rules: below 768 mobile, from 768 tablet, from 1024 desktop', () => {
    expect(classifyDevice(input({ width: 767 })).deviceType).toBe('mobile');
    expect(classifyDevice(input({ width: 768 })).deviceType).toBe('tablet');
    expect(classifyDevice(input({ width: 1023 })).deviceType).toBe('tablet');
    expect(classifyDevice(input({ width: 1024 })).deviceType).toBe('desktop');
  });

  it('keeps a phone a phone in landscape', () => {
    const phone = classifyDevice(input({ width: 844, height: 390, userAgent: iphoneUa, maxTouchPoints: 5 }));
    expect(phone).toMatchObject({ deviceType: 'mobile', isMobile: true, hasTouch: true });
  });

  it('counts a wide iPad (desktop user agent with touch) as a tablet', () => {
    expect(classifyDevice(input({ width: 1366, height: 1024, userAgent: ipadDesktopUa, maxTouchPoints: 5 })).deviceType).toBe('tablet');
    // The same user agent without touch is a Mac.
    expect(classifyDevice(input({ width: 1366, userAgent: ipadDesktopUa })).deviceType).toBe('desktop');
  });

  it('counts an Android tablet as a tablet at any width from 768', () => {
    expect(classifyDevice(input({ width: 1280, userAgent: androidTabletUa, maxTouchPoints: 10 })).deviceType).toBe('tablet');
    expect(classifyDevice(input({ width: 600, userAgent: androidTabletUa, maxTouchPoints: 10 })).deviceType).toBe('mobile');
  });

  it('reports exactly one of the three flags', () => {
    for (const width of [320, 800, 1440]) {
      const info = classifyDevice(input({ width }));
      expect([info.isMobile, info.isTablet, info.isDesktop].filter(Boolean)).toHaveLength(1);
      expect(info.screenWidth).toBe(width);
    }
  });
});
