/** In the component tests the page is always hydrated, as it is once a browser has run it. */
export default function useIsBrowser(): boolean {
  return true;
}
