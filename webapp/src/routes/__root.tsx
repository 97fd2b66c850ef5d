import { Outlet, createRootRoute } from '@tanstack/react-router'

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: () => (
    <main>
      <h1>Page Not Found</h1>
    </main>
  ),
})

function RootLayout() {
  return <Outlet />
}
