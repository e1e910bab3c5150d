import { describe, expect, it } from 'vitest';
import { CHROMIUM_HEADLESS_SHELL, planChromium, SYSTEM_CHROMIUM } from './ensure-chromium';

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
    expect(plan.action === 'refuse' && plan.reason).toMatch(/Debian packages chromium chromium-l10n/);
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

describe('planChromium for the headless shell', () => {
  it('names its own package and variable when it may not install it', () => {
    const plan = planChromium(
      { override: null, systemUsable: false, canInstall: false },
      CHROMIUM_HEADLESS_SHELL,
    );
    expect(plan.action === 'refuse' && plan.reason).toMatch(
      /Debian packages chromium-headless-shell .*CHROMIUM_SHELL_PATH/,
    );
  });

  it('refuses a CHROMIUM_SHELL_PATH that is not an executable', () => {
    const plan = planChromium(
      { override: { path: '/nope/shell', usable: false }, systemUsable: true, canInstall: true },
      CHROMIUM_HEADLESS_SHELL,
    );
    expect(plan).toEqual({
      action: 'refuse',
      reason: 'CHROMIUM_SHELL_PATH=/nope/shell is not an executable file.',
    });
  });

  it('uses the system shell when it is there', () => {
    expect(
      planChromium({ override: null, systemUsable: true, canInstall: false }, CHROMIUM_HEADLESS_SHELL),
    ).toEqual({
      action: 'use',
      path: '/usr/bin/chromium-headless-shell',
    });
  });
});
