import { beforeAll, describe, expect, it } from 'vitest';
import { issue } from '../shared/errors';
import { loadAreas } from '../shared/i18n/runtime';
import { ApiError } from './api/client';
import { errorText, issueText } from './errors';

// Decision 150: a screen shows a refusal by its code in its language, never by the API's English sentence.
describe('the text of a refused call', () => {
  beforeAll(() => Promise.all([loadAreas('en', ['errors']), loadAreas('hi', ['errors'])]));

  const refused = (code: string, message: string, params?: Record<string, string | number>) => new ApiError(409, 'CONFLICT', message, code, undefined, params);

  it('shows a refused plan change or cancellation to a Hindi customer in Hindi, and the spec words in English', () => {
    expect(errorText('hi', refused('AUTOPAY_OFF', 'Autopay is off for this subscription. Choose a new plan when it ends.'), 'fallback')).toBe(
      'इस सब्सक्रिप्शन का ऑटोपे बंद है। इसके समाप्त होने पर नया प्लान चुनें।',
    );
    expect(errorText('hi', refused('NOT_RECURRING', 'A lifetime plan has no autopay to cancel.', { kind: 'order' }), 'fallback')).toBe(
      'लाइफ़टाइम प्लान में रद्द करने के लिए कोई ऑटोपे नहीं है।',
    );
    expect(errorText('en', refused('INVALID_CREDENTIALS', 'Invalid email or password'), 'fallback')).toBe('Invalid email or password');
    expect(errorText('en', refused('RATE_LIMITED', '…', { minutes: 1 }), 'fallback')).toBe('Too many attempts. Please wait 1 minute and try again.');
  });

  it("falls back to the API's English for a code it does not know, and to the screen's own text when nothing answered", () => {
    expect(errorText('hi', refused('A_NEWER_CODE', 'Something the server says'), 'fallback')).toBe('Something the server says');
    expect(errorText('hi', new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.'), 'अपना पाठ')).toBe('अपना पाठ');
    expect(errorText('hi', new Error('boom'), 'अपना पाठ')).toBe('अपना पाठ');
  });

  it('shows a form issue by its code, and a text that is not one as it is', () => {
    expect(issueText('hi', issue('REQUIRED', { field: 'firstName' }))).toBe('पहला नाम आवश्यक है');
    expect(issueText('en', issue('EMAIL_REQUIRED'))).toBe('Email is required');
    expect(issueText('hi', 'Invalid input')).toBe('Invalid input');
  });
});
