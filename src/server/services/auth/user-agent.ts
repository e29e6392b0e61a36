/** A readable device description from a User-Agent header, for the active-sessions list. */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const browser = /Stealth ?Browser\/?([\d.]+)?/i.test(ua)
    ? 'Stealth Browser app'
    : /Edg(e|A|iOS)?\//.test(ua)
      ? 'Edge'
      : /OPR\/|Opera/.test(ua)
        ? 'Opera'
        : /SamsungBrowser\//.test(ua)
          ? 'Samsung Internet'
          : /Firefox\/|FxiOS\//.test(ua)
            ? 'Firefox'
            : /Chrome\/|CriOS\/|Chromium\//.test(ua)
              ? 'Chrome'
              : /Safari\//.test(ua) && /Version\//.test(ua)
                ? 'Safari'
                : /curl\//i.test(ua)
                  ? 'curl'
                  : ua
                    ? 'Unknown browser'
                    : 'Unknown';
  const os = /Windows NT/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'Unknown';
  return { browser, os };
}
