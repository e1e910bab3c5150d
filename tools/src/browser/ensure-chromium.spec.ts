import { planChromium, SYSTEM_CHROMIUM } from './ensure-chromium';

describe('planChromium', () => {
  it('uses the system Chromium when it is there', () => {
    expect(planChromium({ override: null, systemUsable: true, canInstall: true })).toEqual({
      action: 'use',
      path: SYSTEM_CHROMIUM,
    });
  });

  it('installs the Debian package when Chromium is missing and root may use apt-get', () => {
    expect(planChromium({ override: null, systemUsable: false, canInstall: true })).toEqual({
      action: 'install',
    });
  });

  it('names the Debian package to install when it may not install it itself', () => {
    const plan = planChromium({ override: null, systemUsable: false, canInstall: false });
    expect(plan.action).toBe('refuse');
    expect(plan.action === 'refuse' && plan.reason).toMatch(/Debian package chromium/);
  });

  it('prefers CHROMIUM_PATH over the system Chromium and never installs over it', () => {
    expect(
      planChromium({ override: { path: '/opt/chrome', usable: true }, systemUsable: true, canInstall: true }),
    ).toEqual({ action: 'use', path: '/opt/chrome' });
    const plan = planChromium({
      override: { path: '/nope/chrome', usable: false },
      systemUsable: true,
      canInstall: true,
    });
    expect(plan).toEqual({ action: 'refuse', reason: expect.stringContaining('CHROMIUM_PATH=/nope/chrome') });
  });
});
