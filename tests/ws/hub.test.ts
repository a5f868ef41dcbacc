/**
 * src/ws/hub.ts: one service's pub/sub — topics to their subscribers in this process, the sender
 * left out, and a relay carrying each publish to the other processes (its failures reported, never
 * thrown at the publisher).
 */
import { describe, expect, it } from 'vitest'
import { type PubSubRelay, type Subscriber, TopicHub } from '../../src/ws/hub'

const subscriber = (): Subscriber & { got: string[] } => {
  const got: string[] = []
  return { got, deliver: (text) => void got.push(text) }
}

describe('TopicHub without a relay', () => {
  it('delivers a publish to the topic’s subscribers but the sender', () => {
    const hub = new TopicHub(undefined, () => {})
    const [alice, bob, carol] = [subscriber(), subscriber(), subscriber()]
    hub.subscribe('room', alice)
    hub.subscribe('room', bob)
    hub.subscribe('other', carol)
    hub.publish('room', 'hi', alice)
    hub.publish('room', 'from the server', undefined)
    expect(alice.got).toEqual(['from the server'])
    expect(bob.got).toEqual(['hi', 'from the server'])
    expect(carol.got).toEqual([])
  })

  it('counts subscribers, and forgets a topic when its last one leaves', () => {
    const hub = new TopicHub(undefined, () => {})
    const one = subscriber()
    hub.subscribe('t', one)
    hub.subscribe('t', one)
    expect(hub.count('t')).toBe(1)
    hub.unsubscribe('t', one)
    hub.unsubscribe('t', one)
    hub.unsubscribe('never', one)
    expect(hub.count('t')).toBe(0)
    hub.publish('t', 'x', undefined)
    expect(one.got).toEqual([])
  })
})

describe('TopicHub with a relay', () => {
  /** A relay the test drives: what it was asked to publish, and a way to deliver from elsewhere. */
  function relay(failing: 'publish' | 'start' | undefined = undefined) {
    const published: [string, string][] = []
    let deliver: ((topic: string, text: string) => void) | undefined
    let starts = 0
    const value: PubSubRelay = {
      publish: async (topic, text) => {
        if (failing === 'publish') throw new Error('redis down')
        published.push([topic, text])
      },
      start: async (given) => {
        starts++
        if (failing === 'start') throw new Error('cannot subscribe')
        deliver = given
      },
    }
    return { value, published, fromElsewhere: (topic: string, text: string) => deliver?.(topic, text), starts: () => starts }
  }

  it('starts the relay once, carries publishes out and delivers what comes in to every local subscriber', async () => {
    const { value, published, fromElsewhere, starts } = relay()
    const hub = new TopicHub(value, () => {})
    const local = subscriber()
    hub.subscribe('room', local)
    hub.subscribe('room2', subscriber())
    await hub.ready()
    expect(starts()).toBe(1)
    hub.publish('room', 'out', local)
    await Promise.resolve()
    expect(published).toEqual([['room', 'out']])
    fromElsewhere('room', 'in')
    expect(local.got).toEqual(['in'])
  })

  it('reports a relay that fails to start or to publish, without throwing at the publisher', async () => {
    const errors: unknown[] = []
    const broken = new TopicHub(relay('start').value, (error) => errors.push(error))
    await broken.ready()
    const failing = new TopicHub(relay('publish').value, (error) => errors.push(error))
    expect(() => failing.publish('t', 'x', undefined)).not.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((error) => (error as Error).message)).toEqual(['cannot subscribe', 'redis down'])
  })
})
