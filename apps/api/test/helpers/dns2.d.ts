/** dns2 2.x ships no types: the little of its server the tests' DNS (dns-server.ts) uses. */
declare module 'dns2' {
  type Question = { name: string; type: number };
  type Request = { questions: Question[] };
  const dns2: {
    createServer(options: { udp: boolean; handle: (request: Request, send: (response: unknown) => void) => void }): {
      listen(options: { udp: { port: number; address: string; type: 'udp4' | 'udp6' } }): Promise<void>;
      addresses(): unknown;
      close(): Promise<void>;
    };
    Packet: {
      TYPE: { TXT: number; CNAME: number };
      CLASS: { IN: number };
      createResponseFromRequest(request: Request): unknown;
    };
  };
  export default dns2;
}
