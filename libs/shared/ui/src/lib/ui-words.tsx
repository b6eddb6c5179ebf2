import { createContext, type ReactNode, useContext } from 'react';

/**
 * The kit's own words: what its components say when the app gives them no words of their
 * own (a spinner's "Loading…", a toast's close button, a dialog's buttons). An app that
 * shows them in another language gives its translations through `UiWordsProvider`; the kit
 * knows nothing of how the app translates.
 */
export interface UiWords {
  loading: string;
  /** ErrorState's title. */
  errorTitle: string;
  /** ErrorState's retry button. */
  tryAgain: string;
  /** FormError's title. */
  formErrorTitle: string;
  confirm: string;
  cancel: string;
  dismissNotification: string;
  skipToContent: string;
  imageViewer: string;
  close: string;
  previousImage: string;
  nextImage: string;
  previousSlide: string;
  nextSlide: string;
  startRotation: string;
  stopRotation: string;
  /** A carousel's slide, as a screen reader names it: "2 of 5". */
  slideOf(position: number, count: number): string;
  /** After the lightbox's title: " – image 2 of 5". */
  imageOf(position: number, count: number): string;
  /** What a screen reader calls one slide (aria-roledescription). */
  slide: string;
  /** What a screen reader calls a carousel (aria-roledescription). */
  carousel: string;
}

/** The kit's words in English, as they read before the kit took words from the app. */
export const ENGLISH_UI_WORDS: UiWords = {
  loading: 'Loading…',
  errorTitle: 'Something went wrong',
  tryAgain: 'Try again',
  formErrorTitle: 'There is a problem',
  confirm: 'Confirm',
  cancel: 'Cancel',
  dismissNotification: 'Dismiss notification',
  skipToContent: 'Skip to main content',
  imageViewer: 'Image viewer',
  close: 'Close',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  startRotation: 'Start slide rotation',
  stopRotation: 'Stop slide rotation',
  slideOf: (position, count) => `${position} of ${count}`,
  imageOf: (position, count) => ` – image ${position} of ${count}`,
  slide: 'slide',
  carousel: 'carousel',
};

const UiWordsContext = createContext<UiWords>(ENGLISH_UI_WORDS);

/** Gives the kit's components below it `words` (those left out stay English). */
export function UiWordsProvider({
  words,
  children,
}: {
  words: Partial<UiWords>;
  children: ReactNode;
}) {
  return (
    <UiWordsContext.Provider value={{ ...ENGLISH_UI_WORDS, ...words }}>
      {children}
    </UiWordsContext.Provider>
  );
}

/** The kit's words in the app's language. */
export function useUiWords(): UiWords {
  return useContext(UiWordsContext);
}
