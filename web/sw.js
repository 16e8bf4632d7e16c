// Táiplis's service worker: after one visit the game starts and plays with no network.
//
// game/webbuild.py writes it beside index.html, filling in the fields in braces
// (docs/web.md, "Offline and installed").  Two caches:
//   - this build's files (the page, the app archive, the manifest and icons),
//     named by the build id: a new deployment gets a new cache, installed
//     beside the old one and used only once the player reloads;
//   - pygbag's runtime from its CDN (CPython, its loader, its package index),
//     named by the CDN folder, which names pygbag's version: kept across our
//     builds, renewed when pygbag changes.
// The worker installs only when every file arrived whole (the app files are
// checked against their SHA-256), so a broken or partial download never
// replaces a working version.  An installed new version waits; the page offers
// it, and the next load of the page (the player's reload) hands over to it.
"use strict"

const BUILD = "{{taiplis.build}}"
const APP_FILES = {{taiplis.app_files}}  // name beside this script -> SHA-256
const RUNTIME_FILES = {{taiplis.runtime_files}}  // what pygbag's loader fetches, first visit
const RUNTIME = "{{taiplis.runtime}}"  // pygbag's CDN folder for this version
const CDN = "{{taiplis.cdn}}"  // anything else fetched from pygbag's CDN is kept when first fetched
const PAGE = "index.html"
const ACTIVATE = "taiplis:activate"  // from the outgoing worker: take over now
const HANDOVER_PAUSE_MS = 15000  // after a hand-over that did not happen, serve the page as it is

// CacheStorage belongs to the origin, and a GitHub Pages origin holds every
// project site of its owner: our caches carry this worker's scope, and only
// those are ever deleted.
const PREFIX = "taiplis " + self.registration.scope + " "
const APP_CACHE = PREFIX + "build " + BUILD
const RUNTIME_CACHE = PREFIX + "runtime " + RUNTIME
const APP_URLS = new Map(Object.keys(APP_FILES).map(
    (name) => [new URL(name, self.location).href, name]))
const SCOPE_PATH = new URL(self.registration.scope).pathname

self.addEventListener("install", (event) => {
    event.waitUntil(Promise.all([installBuild(), installRuntime()]))
})

self.addEventListener("activate", (event) => {
    event.waitUntil(forgetOtherVersions().then(() => self.clients.claim()))
})

self.addEventListener("message", (event) => {
    if (event.data === ACTIVATE) self.skipWaiting()  // nothing to skip for an active worker
})

self.addEventListener("fetch", (event) => {
    const request = event.request
    if (request.method !== "GET") return  // only reads are ever answered or kept
    const url = new URL(request.url)
    url.hash = ""
    if (request.mode === "navigate") {
        // the page, whatever follows "?" (the shared game after "#" never reaches here)
        if (url.origin !== self.location.origin || !isThePage(url.pathname)) return
        if (newVersionWaiting()) event.respondWith(handOver())
        else event.respondWith(fromBuild(new URL(PAGE, self.location).href, request))
        return
    }
    if (APP_URLS.has(url.href)) {
        event.respondWith(fromBuild(url.href, request))
    } else if (url.href.startsWith(CDN)) {
        event.respondWith(fromRuntime(url.href, request, event))
    }
    // anything else (taiplis.apk, social.png, this script, other sites) goes to the network untouched
})

function isThePage(path) {
    return path === SCOPE_PATH || path === SCOPE_PATH + PAGE
}

// --- install: everything or nothing ---------------------------------------------------------

async function installBuild() {
    const checked = await Promise.all(Object.entries(APP_FILES).map(
        ([name, digest]) => fetchChecked(new URL(name, self.location).href, digest)))
    const cache = await caches.open(APP_CACHE)
    await Promise.all(checked.map(([url, response]) => cache.put(url, response)))
}

async function fetchChecked(url, digest) {
    // "no-cache": revalidated with the server, so an older page held by the HTTP
    // cache never joins this build's archive (GitHub Pages lets files be cached 10 min)
    const response = await fetch(url, {cache: "no-cache", credentials: "same-origin"})
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`)
    const body = await response.arrayBuffer()
    const found = hex(await crypto.subtle.digest("SHA-256", body))
    if (found !== digest) throw new Error(`${url} is not this build's (SHA-256 ${found})`)
    return [url, new Response(body, {status: 200, statusText: response.statusText,
                                     headers: response.headers})]
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("")
}

async function installRuntime() {
    const cache = await caches.open(RUNTIME_CACHE)
    const added = []
    const results = await Promise.allSettled(RUNTIME_FILES.map(async (url) => {
        if (await cache.match(url, {ignoreVary: true})) return  // kept from an earlier build
        const response = await fetchReadable(url)
        if (!keepable(response)) throw new Error(`${url}: HTTP ${response.status}`)
        await cache.put(url, response)
        added.push(url)
    }))
    const failed = results.find((result) => result.status === "rejected")
    if (failed) {  // a failed attempt leaves nothing behind: the next one fetches a whole set
        await Promise.all(added.map((url) => cache.delete(url)))
        throw failed.reason
    }
}

// The runtime's files come from another origin.  Asked for with CORS (which
// pygbag's CDN answers: its loader itself is a module script, fetched with
// CORS), the answer's status and body can be read and checked; an opaque one
// could be a 404 and is never kept.
function fetchReadable(url) {
    return fetch(url, {mode: "cors", credentials: "omit"})
}

function keepable(response) {
    return response.status === 200 && (response.type === "cors" || response.type === "basic")
}

async function forgetOtherVersions() {
    const keep = [APP_CACHE, RUNTIME_CACHE]
    for (const name of await caches.keys())
        if (name.startsWith(PREFIX) && !keep.includes(name)) await caches.delete(name)
}

// --- a new version ---------------------------------------------------------------------------

// Chromium can give up an activation (the new worker stays waiting) when a
// page's fetch reaches the outgoing worker at that moment, and a page being
// loaded fetches a great deal.  So the hand-over happens on a page that fetches
// nothing: this one, which reloads as soon as the new worker is active (or after
// a few seconds whatever happens; the page then comes as it is for a while, so
// this never loops).
const HANDOVER_PAGE = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Táiplis</title><link rel="icon" href="data:,">
<style>html { background: #181c26; }</style></head><body><script>
let reloading = false
function reload() {
    if (!reloading) location.reload()
    reloading = true
}
setInterval(() => navigator.serviceWorker.getRegistration().then((registration) => {
    const active = registration && registration.active
    if (!registration || (!registration.waiting && active && active.state === "activated")) reload()
}), 100)
setTimeout(reload, 8000)
</script></body></html>`
let handedOverAt = -Infinity

function newVersionWaiting() {
    const waiting = self.registration.waiting
    return Boolean(waiting) && waiting.state === "installed" &&
        Date.now() - handedOverAt > HANDOVER_PAUSE_MS
}

function handOver() {
    handedOverAt = Date.now()
    self.registration.waiting.postMessage(ACTIVATE)
    return new Response(HANDOVER_PAGE, {headers: {"Content-Type": "text/html; charset=utf-8",
                                                  "Cache-Control": "no-store"}})
}

// --- answers --------------------------------------------------------------------------------

async function fromBuild(url, request) {
    const kept = await caches.open(APP_CACHE).then((cache) => cache.match(url))
    return kept || fetch(request)
}

async function fromRuntime(url, request, event) {
    const cache = await caches.open(RUNTIME_CACHE)
    const kept = await cache.match(url, {ignoreVary: true})
    if (kept) return kept  // a whole file, also for a ranged request (the sound unlocker's)
    let response
    try {
        response = await fetchReadable(url)
    } catch (error) {
        return fetch(request)  // not readable with CORS: the network's own answer, not kept
    }
    if (keepable(response)) event.waitUntil(cache.put(url, response.clone()))
    return response
}
