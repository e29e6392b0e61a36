import { describe, expect, it } from 'vitest';
import { IMAGES } from '../../test/blog';
import { detectImage } from './image-type';
import { uploadFileName } from './upload-name';

describe('detectImage', () => {
  it('recognises each accepted format by its first bytes', () => {
    expect(detectImage(IMAGES.png)?.contentType).toBe('image/png');
    expect(detectImage(IMAGES.jpg)?.contentType).toBe('image/jpeg');
    expect(detectImage(IMAGES.gif)?.contentType).toBe('image/gif');
    expect(detectImage(IMAGES.webp)?.contentType).toBe('image/webp');
  });
  it('refuses everything else', () => {
    for (const text of ['<html>', '<svg/>', 'GIF8', 'RIFF1234WAVE', '\x89PNG', '']) expect(detectImage(Buffer.from(text, 'latin1'))).toBeNull();
  });
});

describe('uploadFileName', () => {
  it('is blog-{timestamp}-{original name}, safe for URLs, with the detected extension', () => {
    expect(uploadFileName('My Summer Photo.PNG', 'png', 1700000000000)).toBe('blog-1700000000000-my-summer-photo.png');
    expect(uploadFileName('Crème brûlée (1).jpeg', 'jpg', 1)).toBe('blog-1-creme-brulee-1.jpg');
    expect(uploadFileName('../../etc/passwd.png', 'png', 1)).toBe('blog-1-passwd.png');
    expect(uploadFileName('C:\\Users\\me\\a b.gif', 'gif', 1)).toBe('blog-1-a-b.gif');
    expect(uploadFileName('<script>.webp', 'webp', 1)).toBe('blog-1-script.webp');
    expect(uploadFileName('.png', 'png', 1)).toBe('blog-1-image.png');
    expect(uploadFileName('photo.png', 'png', 1, 2)).toBe('blog-1-photo-3.png');
  });
});
