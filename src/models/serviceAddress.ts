/**
 * Whether an address of the service (the REST root, the authorize page) may be used (plain Node):
 * a valid URL, and https unless the host is a loopback address (the reference service, a local
 * proxy), so the bearer token and the sign-in never travel over plain http to another machine.
 * Both the settings (config.ts) and sign-in (auth/) read these, so they live below both.
 */

/** A problem as a sentence with `{0}`-style placeholders (the l10n key) and its arguments. */
export interface AddressProblem {
  template: string;
  args: string[];
  /** The sentence with the arguments filled in. */
  text: string;
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.includes(hostname) || hostname.endsWith('.localhost');
}

/** `what` names the address in the sentence, e.g. "API address". Undefined when it is fine. */
export function checkServiceAddress(value: string, what = 'API address'): AddressProblem | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem('The {0} "{1}" is not a valid URL.', [what, value]);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return problem('The {0} must use https (http is allowed only for 127.0.0.1 and localhost): {1}', [what, value]);
  }
  return undefined;
}

function problem(template: string, args: string[]): AddressProblem {
  return { template, args, text: template.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '') };
}
