// mailauth (postalsys) ships no types: the part of `authenticate` the DKIM tests read.
declare module 'mailauth' {
  export function authenticate(
    message: string | Buffer,
    options: {
      resolver: (name: string, type: string) => Promise<unknown>;
      ip: string;
      helo: string;
      sender: string;
      mta: string;
    },
  ): Promise<{
    dkim: { results: { status: { result: string }; signingDomain?: string; signingHeaders?: { keys: string } }[] };
    dmarc: { status: { result: string } } | false;
  }>;
}
