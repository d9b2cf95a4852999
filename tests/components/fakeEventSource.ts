/** A stand-in EventSource: tests reach the open ones through FakeEventSource.instances and push events. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  /** The server sends one data line. */
  emit(data: unknown): void {
    this.readyState = 1;
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  /** The stream breaks; `closed` as when the browser gives up for good. */
  fail(closed = false): void {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close(): void {
    this.readyState = 2;
  }
  addEventListener(): void {}
  removeEventListener(): void {}
}
