/** Payloads that must never survive the rich-text allow-list (each would run script or load something in a browser). */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src="https://example.com/x.png" onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p style="width: expression(alert(4))">styled</p>',
  '<svg><script>alert(5)</script></svg>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoNik+">',
  '<a href="JaVaScRiPt:alert(7)">mixed case</a>',
  '<p onclick="alert(8)">click me</p>',
];

/** What a sanitised body must not contain, whatever its payload was. */
export const FORBIDDEN = [/<script/i, /onerror/i, /onclick/i, /javascript:/i, /<iframe/i, /expression\(/i, /<svg/i, /data:/i, /style=/i];
