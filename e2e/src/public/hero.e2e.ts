import { PHONE, useBrowser } from '../support/browser';
import { stackUrls } from '../support/stack';

describe('the home banner', () => {
  const shared = useBrowser();

  it('plays a muted, looping, inline video over the cover picture', async () => {
    const page = await shared.browser.newPage();
    try {
      await page.goto(`${stackUrls().shell}/`);
      // The video comes over the first category's cover, once that is known.
      const video = page.locator('.hero video');
      await video.waitFor({ state: 'attached' });
      // Autoplay is allowed because it is muted: it starts once the video has loaded.
      await page
        .waitForFunction(
          () => (document.querySelector('.hero video') as HTMLVideoElement).currentTime > 0,
          null,
          { timeout: 5000 },
        )
        .catch(() => undefined);
      const state = await video.evaluate((element: HTMLVideoElement) => {
        return {
          muted: element.muted,
          loop: element.loop,
          playsInline: element.playsInline,
          source: element.currentSrc,
          playing: element.currentTime > 0 && !element.paused,
          hiddenFromReaders: element.getAttribute('aria-hidden'),
        };
      });
      expect(state).toMatchObject({
        muted: true,
        loop: true,
        playsInline: true,
        playing: true,
        hiddenFromReaders: 'true',
      });
      expect(state.source).toMatch(/hero-weave\.[0-9a-f]+\.webm$/);
    } finally {
      await page.close();
    }
  });

  it('fetches no larger copy of the picture on a phone: the video over it has no poster', async () => {
    const context = await shared.browser.newContext(PHONE);
    const page = await context.newPage();
    const images: string[] = [];
    page.on('request', (request) => {
      if (/\/uploads\/[0-9a-f]{20}-\d+\.webp$/.test(request.url()))
        images.push(request.url().split('/').pop()!);
    });
    try {
      await page.goto(`${stackUrls().shell}/`);
      await page.waitForLoadState('networkidle');
      const picture = await page
        .locator('.hero img')
        .evaluate((img: HTMLImageElement) => img.currentSrc.split('/').pop()!);
      // The same image may be a smaller card further down, never a larger copy of the banner.
      const [cover, width] = picture.split(/-|\.webp$/);
      const larger = images.filter(
        (name) => name.startsWith(`${cover}-`) && Number(name.split(/-|\./)[1]) > Number(width),
      );
      expect({ picture, larger }).toEqual({ picture, larger: [] });
      expect(await page.locator('.hero video').getAttribute('poster')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows only the picture to visitors who ask for less motion', async () => {
    const context = await shared.browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/`);
      await page.locator('.hero img').first().waitFor();
      // The server cannot know the preference: the video it rendered is never shown, and is
      // gone once the page's script runs.
      expect(await page.locator('.hero video').isVisible()).toBe(false);
      await page.locator('.hero video').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
